/**
 * The variables of the proxy and replay modes, validated with the rest of the configuration at
 * start-up: `PROXY_TARGET` makes the server a validation proxy in front of another platform server
 * (`PROXY_RECORD_DIR` records each exchange as a cassette), `REPLAY_DIR` makes it answer from
 * cassettes. The two modes exclude each other.
 */

import { envInteger, envText, parsedBy } from '@assistant-platform/service-kit';
import * as z from 'zod/mini';

export interface ProxyConfig {
  /** The target's base URL, ending in `/v1` (no trailing slash). */
  target: string;
  /** Where to write a cassette per exchange; undefined records nothing. */
  recordDir?: string;
  /** How long the target may take to send its answer's headers, and between two pieces of its body. */
  timeoutMs: number;
  /** Header names (lower case) a cassette keeps as `[redacted]`, beside authorization and cookies. */
  redactHeaders: string[];
  /** Query parameter names (lower case) whose values a cassette keeps as `[redacted]`, beside `token` and its kind. */
  redactQuery: string[];
}

export interface ReplayConfig {
  /** The folder of cassettes to answer from. */
  dir: string;
  /** Body fields matching ignores: top-level names, or JSON Pointers (`/message/content/0/text`). */
  ignore: string[];
  /** The recorded timing of a stream times this (0: as fast as possible, 1: as recorded). */
  speed: number;
  /** A request no cassette matches: answered by the engines, or a `501` naming the nearest cassette. */
  miss: 'engine' | 'error';
}

const list = <Item extends z.ZodMiniType<string>>(item: Item) =>
  z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean)
        : value,
    ),
    z._default(z.array(item).check(z.maxLength(100)), []),
  );

/** Names matching `pattern` (`message` when one does not), lower-cased. */
const lowerCaseNames = (pattern: RegExp, message: string) =>
  z.pipe(
    z.string().check(z.regex(pattern, message)),
    z.transform((name: string) => name.toLowerCase()),
  );

/** A base URL of the platform: http(s), no query or fragment, its path ending in `/v1`. */
function targetOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('must be a URL such as https://api.example.com/v1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('must be an http: or https: URL');
  if (url.search || url.hash || url.username || url.password)
    throw new Error('must have no query, fragment or credentials (the caller’s token is forwarded)');
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/v1'))
    throw new Error('must end in /v1, the platform API’s base (e.g. https://api.example.com/v1)');
  return `${url.origin}${path}`;
}

export const proxyEnvSchema = z.object({
  PROXY_TARGET: z.pipe(envText, z.optional(parsedBy(targetOf))),
  PROXY_RECORD_DIR: envText,
  PROXY_TIMEOUT_MS: envInteger({ min: 1, max: 600_000, fallback: 60_000 }),
  RECORD_REDACT_HEADERS: list(
    lowerCaseNames(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, 'must be header names, comma-separated'),
  ),
  RECORD_REDACT_QUERY: list(lowerCaseNames(/^[^\s&=#]+$/, 'must be query parameter names, comma-separated')),
  REPLAY_DIR: envText,
  REPLAY_IGNORE: list(
    z.string().check(z.regex(/^(?:\/.*|[^/\s]+)$/, 'must be field names or JSON Pointers, comma-separated')),
  ),
  REPLAY_SPEED: z._default(z.coerce.number().check(z.minimum(0), z.maximum(1000)), 1),
  REPLAY_MISS: z._default(z.enum(['engine', 'error']), 'error'),
});

type ProxyEnv = z.infer<typeof proxyEnvSchema>;

/** Checks of the two modes together, for the configuration's `superRefine`. */
export function checkModes(e: ProxyEnv, context: z.core.$RefinementCtx<ProxyEnv>): void {
  if (e.PROXY_TARGET !== undefined && e.REPLAY_DIR !== undefined)
    context.addIssue({
      code: 'custom',
      path: ['REPLAY_DIR'],
      message: 'cannot be used with PROXY_TARGET: choose one mode',
    });
  if (e.PROXY_RECORD_DIR !== undefined && e.PROXY_TARGET === undefined)
    context.addIssue({
      code: 'custom',
      path: ['PROXY_RECORD_DIR'],
      message: 'records a proxy’s exchanges: set PROXY_TARGET too',
    });
}

export function toProxyConfig(e: ProxyEnv): { proxy?: ProxyConfig; replay?: ReplayConfig } {
  return {
    ...(e.PROXY_TARGET === undefined
      ? {}
      : {
          proxy: {
            target: e.PROXY_TARGET,
            ...(e.PROXY_RECORD_DIR === undefined ? {} : { recordDir: e.PROXY_RECORD_DIR }),
            timeoutMs: e.PROXY_TIMEOUT_MS,
            redactHeaders: e.RECORD_REDACT_HEADERS,
            redactQuery: e.RECORD_REDACT_QUERY,
          },
        }),
    ...(e.REPLAY_DIR === undefined
      ? {}
      : {
          replay: { dir: e.REPLAY_DIR, ignore: e.REPLAY_IGNORE, speed: e.REPLAY_SPEED, miss: e.REPLAY_MISS },
        }),
  };
}
