/**
 * The gateway's configuration, read from the environment once at start-up and validated with one
 * schema; everything below receives the parsed object instead of reading `process.env` itself.
 */
import {
  type CorsOrigins,
  envInteger,
  parseCorsOrigins,
  parsedBy,
  type TracingConfig,
  toTracingConfig,
  tracingEnvSchema,
} from '@assistant-platform/service-kit';
import { LOG_LEVELS, type LogLevel, readEnvironment } from '@assistant-platform/types';
// zod's tree-shakable API, as the packages the gateway shares with the server use it.
import * as z from 'zod/mini';

const upstreamBaseUrl = z
  .pipe(
    z._default(z.url({ protocol: /^https?$/ }), 'http://127.0.0.1:4010/v1'),
    // The SDK joins paths onto the base URL, so a trailing slash would double up.
    z.transform((url: string) => url.replace(/\/+$/, '')),
  )
  .check(
    // Without /v1 every call would answer 404 "Resource does not exist", like a missing agent.
    z.refine((url: string) => url.endsWith('/v1'), {
      message: "must be the platform's API root, ending in /v1, e.g. http://127.0.0.1:4010/v1",
    }),
  );

const envSchema = z.extend(tracingEnvSchema, {
  GATEWAY_PORT: envInteger({ min: 0, max: 65_535, fallback: 4020 }),
  GATEWAY_HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  UPSTREAM_BASE_URL: upstreamBaseUrl,
  // A non-streamed chat sends its headers only once the whole answer is ready: allow for long answers.
  UPSTREAM_TIMEOUT_MS: envInteger({ min: 1, max: 600_000, fallback: 60_000 }),
  // A streamed chat silent this long after it started fails (the SDK's idleTimeoutMs).
  UPSTREAM_IDLE_TIMEOUT_MS: envInteger({ min: 1, max: 600_000, fallback: 60_000 }),
  // Retries belong to the caller (tRPC has a retryLink); the gateway passes failures straight back
  // so a 429 is not held for a whole Retry-After window inside the gateway.
  UPSTREAM_MAX_RETRIES: envInteger({ min: 0, max: 10, fallback: 0 }),
  AGENT_CACHE_TTL_MS: envInteger({ min: 0, max: 3_600_000, fallback: 5_000 }),
  AGENT_CACHE_MAX_ENTRIES: envInteger({ min: 1, max: 1_000_000, fallback: 10_000 }),
  // The bearer token Prometheus scrapes /metrics with; unset, the gateway serves no /metrics.
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16))),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS), 'info'),
  LOG_FORMAT: z.optional(z.enum(['pretty', 'json'])),
  CORS_ORIGINS: z.pipe(z._default(z.string(), '*'), parsedBy(parseCorsOrigins)),
});

export interface GatewayConfig {
  port: number;
  host: string;
  upstreamBaseUrl: string;
  upstreamTimeoutMs: number;
  /** How long `chat.stream`'s platform stream may send nothing before it fails. */
  upstreamIdleTimeoutMs: number;
  upstreamMaxRetries: number;
  /** 0 turns the agent cache off (identical concurrent reads are still coalesced). */
  agentCacheTtlMs: number;
  agentCacheMaxEntries: number;
  logLevel: LogLevel;
  /** Browser origins allowed to call the gateway (CORS): `*` or a list. */
  corsOrigins: CorsOrigins;
  /** `pretty` or `json` logs; unset, pretty when stdout is a terminal. */
  logFormat?: 'pretty' | 'json';
  /** The bearer token `GET /metrics` requires; undefined: no `/metrics`. */
  metricsToken?: string;
  /** OpenTelemetry tracing (the standard OTEL_* variables); undefined: off, the SDK never loads. */
  tracing?: TracingConfig;
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const c = readEnvironment(envSchema, env, 'Invalid gateway configuration');
  return {
    port: c.GATEWAY_PORT,
    host: c.GATEWAY_HOST,
    upstreamBaseUrl: c.UPSTREAM_BASE_URL,
    upstreamTimeoutMs: c.UPSTREAM_TIMEOUT_MS,
    upstreamIdleTimeoutMs: c.UPSTREAM_IDLE_TIMEOUT_MS,
    upstreamMaxRetries: c.UPSTREAM_MAX_RETRIES,
    agentCacheTtlMs: c.AGENT_CACHE_TTL_MS,
    agentCacheMaxEntries: c.AGENT_CACHE_MAX_ENTRIES,
    logLevel: c.LOG_LEVEL,
    corsOrigins: c.CORS_ORIGINS,
    ...(c.LOG_FORMAT === undefined ? {} : { logFormat: c.LOG_FORMAT }),
    ...(c.METRICS_TOKEN === undefined ? {} : { metricsToken: c.METRICS_TOKEN }),
    ...toTracingConfig(c, 'assistant-platform-gateway'),
  };
}

/** Config for tests and embedding: defaults with the given overrides. */
export function defineConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return { ...loadConfig({}), ...overrides };
}
