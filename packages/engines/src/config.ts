/**
 * The engines' environment variables, parsed with zod: the server composes `enginesEnvSchema` into its
 * own configuration and hands `toEnginesConfig`'s result to `createEngines`. A light module (zod and
 * the contract only), so the server imports it at start-up while the engines themselves load later.
 */
import { availableParallelism } from 'node:os';
import { KNOWN_CHAT_MODELS } from '@assistant-platform/types';
// zod's tree-shakable API: the server starts with a fraction of the code of zod's chained one.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import type { EnginesConfig } from './types.js';

// The English messages zod's chained API configures on import (configuration errors quote them).
z.config(en());

const stringMap = z.record(z.string(), z.string());

const modelMap = z.pipe(
  z.optional(z.string()),
  z.transform((text, ctx): Record<string, string> => {
    if (text === undefined || text.trim() === '') return {};
    try {
      const parsed = stringMap.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
    ctx.issues.push({
      code: 'custom',
      input: text,
      message: 'must be a JSON object of model name → upstream model name',
    });
    return z.NEVER;
  }),
);

/** An integer variable from `min` to `max`, `fallback` when unset. */
const integer = ({ min, max, fallback }: { min: number; max: number; fallback: number }) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);

const timeout = integer({ min: 1, max: 3_600_000, fallback: 60_000 });
const url = z.optional(z.url({ protocol: /^https?$/ }));
const apiKey = z.optional(z.string().check(z.minLength(1)));

/** The engine variables: each engine is `reference`/`local` (offline) or `openai` (an upstream). */
export const enginesEnvSchema = z
  .object({
    CHAT_ENGINE: z._default(z.enum(['reference', 'openai']), 'reference'),
    CHAT_UPSTREAM_URL: url,
    CHAT_UPSTREAM_API_KEY: apiKey,
    CHAT_MODEL_MAP: modelMap,
    CHAT_UPSTREAM_TIMEOUT_MS: timeout,
    EMBEDDINGS_ENGINE: z._default(z.enum(['local', 'openai']), 'local'),
    EMBEDDINGS_UPSTREAM_URL: url,
    EMBEDDINGS_UPSTREAM_API_KEY: apiKey,
    EMBEDDINGS_MODEL_MAP: modelMap,
    EMBEDDINGS_UPSTREAM_TIMEOUT_MS: timeout,
    ENGINE_WORKERS: integer({ min: 1, max: 64, fallback: Math.min(4, availableParallelism()) }),
    ENGINE_TASK_TIMEOUT_MS: integer({ min: 100, max: 600_000, fallback: 10_000 }),
    ENGINE_WORKER_MEMORY_MB: integer({ min: 64, max: 16_384, fallback: 512 }),
  })
  .check(
    z.superRefine((env, ctx) => {
      if (env.CHAT_ENGINE === 'openai' && !env.CHAT_UPSTREAM_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['CHAT_UPSTREAM_URL'],
          message: 'is required when CHAT_ENGINE=openai',
        });
      if (env.EMBEDDINGS_ENGINE === 'openai' && !env.EMBEDDINGS_UPSTREAM_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['EMBEDDINGS_UPSTREAM_URL'],
          message: 'is required when EMBEDDINGS_ENGINE=openai',
        });
    }),
  );

/** A queued task's deadline when the server sets none (its `WORK_DEADLINE_MS`). */
export const DEFAULT_WORK_DEADLINE_MS = 30_000;

export function toEnginesConfig(
  env: z.output<typeof enginesEnvSchema>,
  { deadlineMs = DEFAULT_WORK_DEADLINE_MS, workerNice }: { deadlineMs?: number; workerNice?: number } = {},
): EnginesConfig {
  const upstream = (
    urlValue: string | undefined,
    apiKey: string | undefined,
    map: Record<string, string>,
    ms: number,
  ) => ({
    url: urlValue ?? '',
    ...(apiKey === undefined ? {} : { apiKey }),
    modelMap: map,
    timeoutMs: ms,
  });
  return {
    chat:
      env.CHAT_ENGINE === 'openai'
        ? {
            kind: 'openai',
            ...upstream(
              env.CHAT_UPSTREAM_URL,
              env.CHAT_UPSTREAM_API_KEY,
              env.CHAT_MODEL_MAP,
              env.CHAT_UPSTREAM_TIMEOUT_MS,
            ),
          }
        : { kind: 'reference' },
    embeddings:
      env.EMBEDDINGS_ENGINE === 'openai'
        ? {
            kind: 'openai',
            ...upstream(
              env.EMBEDDINGS_UPSTREAM_URL,
              env.EMBEDDINGS_UPSTREAM_API_KEY,
              env.EMBEDDINGS_MODEL_MAP,
              env.EMBEDDINGS_UPSTREAM_TIMEOUT_MS,
            ),
          }
        : { kind: 'local' },
    pool: {
      threads: env.ENGINE_WORKERS,
      taskTimeoutMs: env.ENGINE_TASK_TIMEOUT_MS,
      maxMemoryMb: env.ENGINE_WORKER_MEMORY_MB,
      deadlineMs,
      ...(workerNice === undefined ? {} : { workerNice }),
    },
  };
}

/**
 * The models the configured chat engine answers: offline, the contract's known chat models
 * (`ChatModel`'s `x-known-models`, the reference engine's); upstream, the keys of CHAT_MODEL_MAP.
 */
export function chatModels(engines: EnginesConfig): string[] {
  if (engines.chat.kind === 'openai') return Object.keys(engines.chat.modelMap);
  return [...KNOWN_CHAT_MODELS];
}
