/**
 * The engines' environment variables, parsed with zod: the server composes `enginesEnvSchema` into its
 * own configuration and hands `toEnginesConfig`'s result to `createEngines`. A light module (zod and
 * the contract only), so the server imports it at start-up while the engines themselves load later.
 */
import { availableParallelism } from 'node:os';
import { KNOWN_CHAT_MODELS } from '@assistant-platform/types';
import { z } from 'zod';
import type { EnginesConfig } from './types.js';

const modelMap = z
  .string()
  .optional()
  .transform((text, ctx): Record<string, string> => {
    if (text === undefined || text.trim() === '') return {};
    try {
      const parsed = z.record(z.string(), z.string()).safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object of model name → upstream model name' });
    return z.NEVER;
  });

const timeout = z.coerce.number().int().min(1).max(3_600_000).default(60_000);
const url = z.url({ protocol: /^https?$/ });

/** The engine variables: each engine is `reference`/`local` (offline) or `openai` (an upstream). */
export const enginesEnvSchema = z
  .object({
    CHAT_ENGINE: z.enum(['reference', 'openai']).default('reference'),
    CHAT_UPSTREAM_URL: url.optional(),
    CHAT_UPSTREAM_API_KEY: z.string().min(1).optional(),
    CHAT_MODEL_MAP: modelMap,
    CHAT_UPSTREAM_TIMEOUT_MS: timeout,
    EMBEDDINGS_ENGINE: z.enum(['local', 'openai']).default('local'),
    EMBEDDINGS_UPSTREAM_URL: url.optional(),
    EMBEDDINGS_UPSTREAM_API_KEY: z.string().min(1).optional(),
    EMBEDDINGS_MODEL_MAP: modelMap,
    EMBEDDINGS_UPSTREAM_TIMEOUT_MS: timeout,
    ENGINE_WORKERS: z.coerce.number().int().min(1).max(64).default(Math.min(4, availableParallelism())),
    ENGINE_TASK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    ENGINE_WORKER_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  })
  .superRefine((env, ctx) => {
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
  });

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
