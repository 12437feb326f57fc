/**
 * The settings of `assistant-server parity`, from its flags or else the environment (`--target` or
 * `PARITY_TARGET`, ...), validated at once: a bad or missing one stops it, every problem named by
 * its variable and flag. No message repeats a value given, so a token (or a URL carrying one) is
 * never printed.
 */

import { refuse } from '@assistant-platform/service-kit';
import { readEnvironment } from '@assistant-platform/types';
import * as z from 'zod/mini';
import type { TranscriptionIds } from '../parity/scenario.js';

export interface ParityFlags {
  target?: string;
  token?: string;
  local?: string;
  localToken?: string;
  workspaceId?: string;
  transcriptionId?: string;
  timeoutMs?: string;
}

/** An API root (ending in `/v1`, no credentials, query or trailing slash) and its token. */
interface Server {
  baseUrl: string;
  token: string;
}

export interface ParitySettings {
  target: Server;
  /** A running server to compare with; without it, one is started in-process. */
  local?: Server;
  transcription?: TranscriptionIds;
  timeoutMs: number;
}

/** Flags' variables: `--target` is `PARITY_TARGET`, `--local-token` `PARITY_LOCAL_TOKEN`. */
const VARIABLES = {
  target: 'PARITY_TARGET',
  token: 'PARITY_TOKEN',
  local: 'PARITY_LOCAL',
  localToken: 'PARITY_LOCAL_TOKEN',
  workspaceId: 'PARITY_WORKSPACE_ID',
  transcriptionId: 'PARITY_TRANSCRIPTION_ID',
  timeoutMs: 'PARITY_TIMEOUT_MS',
} as const satisfies Record<keyof ParityFlags, string>;

const required = (flag: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? `is required (give ${flag})` : undefined,
});

const baseUrl = (flag: string) =>
  z.pipe(
    z.string(required(`${flag} <url>`)),
    z.transform((text: string, context): string => {
      let url: URL | undefined;
      try {
        url = new URL(text);
      } catch {}
      const fail = (message: string) => refuse(context, `${flag}: ${message}`);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        return fail('must be an http(s) URL');
      // Credentials in the URL would be printed with it, and fetch refuses them anyway.
      if (url.username || url.password)
        return fail('must not carry credentials (give the token with its own flag)');
      if (!/\/v1\/?$/.test(url.pathname)) return fail('must be the API root, ending in /v1');
      if (url.search || url.hash) return fail('must have no query or fragment');
      return `${url.origin}${url.pathname.replace(/\/$/, '')}`;
    }),
  );

const token = (flag: string) => z.string(required(`${flag} <token>`)).check(z.minLength(1));

const positiveId = (flag: string) => {
  const message = `${flag}: must be a positive integer`;
  return z.optional(
    z.coerce
      .number({ error: message })
      .check(z.int(message), z.minimum(1, message), z.maximum(Number.MAX_SAFE_INTEGER, message)),
  );
};

const schema = z
  .object({
    PARITY_TARGET: baseUrl('--target'),
    PARITY_TOKEN: token('--token'),
    PARITY_LOCAL: z.optional(baseUrl('--local')),
    PARITY_LOCAL_TOKEN: z.optional(z.string().check(z.minLength(1))),
    PARITY_WORKSPACE_ID: positiveId('--workspace-id'),
    PARITY_TRANSCRIPTION_ID: positiveId('--transcription-id'),
    PARITY_TIMEOUT_MS: z._default(
      z.coerce
        .number({ error: '--timeout-ms: must be a number of milliseconds' })
        .check(z.int(), z.minimum(1), z.maximum(600_000)),
      60_000,
    ),
  })
  .check(
    z.refine((e) => e.PARITY_LOCAL === undefined || e.PARITY_LOCAL_TOKEN !== undefined, {
      path: ['PARITY_LOCAL_TOKEN'],
      message: 'is required with --local (give --local-token <token>)',
      // Checked even when another setting is bad, so every problem is named at once.
      when: () => true,
    }),
    z.refine((e) => (e.PARITY_WORKSPACE_ID === undefined) === (e.PARITY_TRANSCRIPTION_ID === undefined), {
      path: ['PARITY_WORKSPACE_ID'],
      message: 'the transcription edit needs both --workspace-id and --transcription-id',
      when: () => true,
    }),
  );

/** The settings, flags winning over the environment; a ConfigError names each bad one. */
export function readParitySettings(
  env: Record<string, string | undefined>,
  flags: ParityFlags,
): ParitySettings {
  const merged: Record<string, string | undefined> = { ...env };
  for (const [flag, variable] of Object.entries(VARIABLES)) {
    const value = flags[flag as keyof ParityFlags];
    if (value !== undefined) merged[variable] = value;
  }
  const e = readEnvironment(schema, merged, 'Cannot run the parity check');
  const { PARITY_WORKSPACE_ID: workspaceId, PARITY_TRANSCRIPTION_ID: transcriptionId } = e;
  return {
    target: { baseUrl: e.PARITY_TARGET, token: e.PARITY_TOKEN },
    ...(e.PARITY_LOCAL && e.PARITY_LOCAL_TOKEN
      ? { local: { baseUrl: e.PARITY_LOCAL, token: e.PARITY_LOCAL_TOKEN } }
      : {}),
    ...(workspaceId !== undefined && transcriptionId !== undefined
      ? { transcription: { workspaceId, transcriptionId } }
      : {}),
    timeoutMs: e.PARITY_TIMEOUT_MS,
  };
}
