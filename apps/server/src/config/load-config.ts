import {
  DEFAULT_WORK_DEADLINE_MS,
  enginesEnvSchema,
  toEnginesConfig,
} from '@assistant-platform/engines/config';
import type { EnginesConfig } from '@assistant-platform/engines/types';
import {
  blankAsUndefined,
  type CorsOrigins,
  envInteger,
  envText,
  parseCorsOrigins,
  parsedBy,
  type TracingConfig,
  toTracingConfig,
  tracingEnvSchema,
} from '@assistant-platform/service-kit';
import { LOG_LEVELS, type LogLevel, readEnvironment } from '@assistant-platform/types';
import * as z from 'zod/mini';
import { type DatabaseTarget, databaseTargetOf } from './database-url.js';
import {
  checkModes,
  type ProxyConfig,
  proxyEnvSchema,
  type ReplayConfig,
  toProxyConfig,
} from './proxy-config.js';
import { type RedisConfig, redisEnvSchema, toRedisConfig } from './redis-config.js';

/**
 * The optional parts of the request pipeline a server can be started without (`FEATURES_OFF`), for
 * a lean server one team uses alone: the journal, faults (rules and `Prefer`), the metrics, and the
 * per-account admission (pipeline/account-admission.ts). A feature that is off adds no hook at all;
 * its admin routes answer `501` (admin.yaml's `FeatureOff`). The turns between accounts on the
 * event loop (pipeline/loop-turns.ts) are not optional: under load they batch the loop's work, and
 * a server without them answered fewer requests, not more.
 */
export const OPTIONAL_FEATURES = ['journal', 'faults', 'metrics', 'account-admission'] as const;
export type OptionalFeature = (typeof OPTIONAL_FEATURES)[number];

/** `FEATURES_OFF`'s names, comma-separated (blank: none); an unknown name is refused, naming the known ones. */
function parseFeaturesOff(text: string): ReadonlySet<OptionalFeature> {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(OPTIONAL_FEATURES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown feature ${unknown.join(', ')}: name some of ${OPTIONAL_FEATURES.join(', ')}`);
  return new Set(names as OptionalFeature[]);
}

export interface ServerConfig {
  port: number;
  host: string;
  /** What DATABASE_URL names: a SQLite file (a `file:` URL already a path) or `:memory:`, or PostgreSQL. */
  database: DatabaseTarget;
  seedPath?: string;
  devToken?: string;
  rateLimit: { max: number; windowMs: number };
  logLevel: LogLevel;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  engines: EnginesConfig;
  /**
   * Bounds on receiving a request (headers, then the whole request), never on sending the answer;
   * and how long an idle keep-alive connection is kept.
   */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /**
   * Stopping on SIGTERM without failing a request: how long the server keeps serving while it
   * reports itself draining (so a balancer stops sending), then how long in-flight requests and
   * streams get to end before the remaining streams are ended with their terminal error event.
   */
  drain: { delayMs: number; timeoutMs: number };
  /** How long a streamed answer may have events waiting that its client will not take before it is cut. */
  streamStallMs: number;
  /** Requests failing authentication allowed per client address per window. */
  authFailureLimit: { max: number; windowMs: number };
  /**
   * Whom to believe about a client's address (Fastify's `trustProxy`): no one (the connection's
   * peer is the client), the proxies in front (`true`), so many hops, or these addresses.
   */
  trustProxy: boolean | number | string[];
  /** Chat and embeddings requests one token may have in flight at once. */
  maxHeavyRequestsPerToken: number;
  /** Requests, and bytes of their bodies, one account may have in flight at once (pipeline/account-admission.ts). */
  accountAdmission: { maxRequests: number; maxBodyBytes: number };
  /**
   * The most a task of a shared worker pool (a large body's parsing, an engine task) may take from
   * the moment it is queued, waiting included; past it the request answers 503.
   */
  workDeadlineMs: number;
  /**
   * How much lower than the event loop's the CPU priority of the worker pools' threads is (Linux
   * nice), so no pool's work delays any account's requests on the event loop.
   */
  workerNice: number;
  /** Browser origins allowed to call the server (CORS): `*` or a list. */
  corsOrigins: CorsOrigins;
  /** `pretty` or `json` logs; unset, pretty when stdout is a terminal. */
  logFormat?: 'pretty' | 'json';
  /**
   * The journal of platform requests: entries kept per account (0: none recorded), entries kept in
   * all (the account holding the most loses its oldest first), bytes kept of each body.
   */
  journal: { max: number; totalMax: number; bodyMaxBytes: number };
  /** The seed of the generator that draws fault rules' chances, so a run repeats. */
  faultSeed: number;
  /** A JSON file of chat fixtures loaded at start-up (and again by a reset). */
  chatFixturesPath?: string;
  /** Stored answers of `Idempotency-Key`s: how long each is kept, and how many per account at most. */
  idempotency: { retentionMs: number; maxRecords: number };
  /** Proxy mode: platform requests go to a target and are checked against the contract. */
  proxy?: ProxyConfig;
  /** Replay mode: platform requests are answered from recorded cassettes. */
  replay?: ReplayConfig;
  /** What instances share through Redis (limits, faults, fixtures, the journal); unset, nothing is shared. */
  redis?: RedisConfig;
  /** The optional features this server runs without (`FEATURES_OFF`); the journal's off sets `journal.max` to 0. */
  featuresOff: ReadonlySet<OptionalFeature>;
  /** OpenTelemetry tracing (service-kit's tracing-config.ts); unset, no span is made and the SDK never loads. */
  tracing?: TracingConfig;
}

/** The largest request body the contract accepts (10 MiB). */
const BODY_LIMIT = 10 * 1024 * 1024;

/** A text variable of at least one character, `fallback` when unset. */
const text = (fallback: string) => z._default(z.string().check(z.minLength(1)), fallback);

/** TRUST_PROXY: whom to believe about the client's address (see fastifyTrustProxy in app.ts). */
function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^[0-9]{1,2}$/.test(value)) return Number(value);
  const addresses = value.split(',').map((entry) => entry.trim());
  if (addresses.every((entry) => /^[0-9a-fA-F.:]+(?:\/[0-9]{1,3})?$/.test(entry))) return addresses;
  throw new Error('must be true, false, a number of proxies, or addresses and CIDR ranges, comma-separated');
}

const serverEnvSchema = z.object({
  PORT: envInteger({ min: 0, max: 65_535, fallback: 4010 }),
  HOST: text('127.0.0.1'),
  DATABASE_URL: z.pipe(text('./.data/assistant.sqlite'), parsedBy(databaseTargetOf)),
  ASSISTANT_SEED: envText,
  ASSISTANT_DEV_TOKEN: z.pipe(
    z.transform(blankAsUndefined),
    z.optional(z.string().check(z.regex(/^[\x21-\x7e]{8,512}$/))),
  ),
  RATE_LIMIT_MAX: envInteger({ min: 1, fallback: 600 }),
  RATE_LIMIT_WINDOW_MS: envInteger({ min: 1, fallback: 60_000 }),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS), 'info'),
  LOG_FORMAT: z.optional(z.enum(['pretty', 'json'])),
  HEADERS_TIMEOUT_MS: envInteger({ min: 1, fallback: 10_000 }),
  REQUEST_TIMEOUT_MS: envInteger({ min: 1, fallback: 30_000 }),
  STREAM_STALL_TIMEOUT_MS: envInteger({ min: 100, max: 600_000, fallback: 10_000 }),
  KEEP_ALIVE_TIMEOUT_MS: envInteger({ min: 1, max: 3_600_000, fallback: 5_000 }),
  // A little longer than a balancer takes to see a failing /healthz (deploy/haproxy.cfg: two failed
  // checks, the second 250 ms after the first, asked every second).
  DRAIN_DELAY_MS: envInteger({ min: 0, max: 600_000, fallback: 3_000 }),
  DRAIN_TIMEOUT_MS: envInteger({ min: 0, max: 600_000, fallback: 5_000 }),
  AUTH_FAILURE_LIMIT_MAX: envInteger({ min: 1, fallback: 60 }),
  AUTH_FAILURE_LIMIT_WINDOW_MS: envInteger({ min: 1, fallback: 60_000 }),
  MAX_HEAVY_REQUESTS_PER_TOKEN: envInteger({ min: 1, fallback: 4 }),
  ACCOUNT_MAX_REQUESTS_IN_FLIGHT: envInteger({ min: 1, fallback: 32 }),
  // At least the largest body, which must always be able to arrive alone; by default four of them,
  // so a token's heavy requests (MAX_HEAVY_REQUESTS_PER_TOKEN, 4) at the largest body all arrive.
  ACCOUNT_MAX_BODY_BYTES_IN_FLIGHT: envInteger({ min: BODY_LIMIT, fallback: 4 * BODY_LIMIT }),
  WORK_DEADLINE_MS: envInteger({ min: 100, max: 600_000, fallback: DEFAULT_WORK_DEADLINE_MS }),
  WORKER_NICE: envInteger({ min: 0, max: 19, fallback: 10 }),
  TRUST_PROXY: z.pipe(z._default(z.string(), 'false'), parsedBy(parseTrustProxy)),
  CORS_ORIGINS: z.pipe(z._default(z.string(), '*'), parsedBy(parseCorsOrigins)),
  JOURNAL_MAX: envInteger({ min: 0, max: 100_000, fallback: 1000 }),
  JOURNAL_TOTAL_MAX: envInteger({ min: 1, max: 1_000_000, fallback: 4000 }),
  JOURNAL_BODY_MAX_BYTES: envInteger({ min: 0, max: 10 * 1024 * 1024, fallback: 16_384 }),
  FAULT_SEED: envInteger({ min: 0, max: 0xffff_ffff, fallback: 1 }),
  CHAT_FIXTURES: envText,
  // The contract's default retention of a key is 24 hours; 30 days at most.
  IDEMPOTENCY_RETENTION_MS: envInteger({ min: 1, max: 30 * 86_400_000, fallback: 86_400_000 }),
  // Per account: one account's keys never push out another's.
  IDEMPOTENCY_MAX_RECORDS: envInteger({ min: 1, max: 1_000_000, fallback: 10_000 }),
  FEATURES_OFF: z.pipe(z._default(z.string(), ''), parsedBy(parseFeaturesOff)),
});

const envSchema = z
  .intersection(
    z.intersection(
      z.intersection(z.intersection(serverEnvSchema, proxyEnvSchema), redisEnvSchema),
      enginesEnvSchema,
    ),
    tracingEnvSchema,
  )
  .check(
    // Node refuses a headers timeout longer than the request timeout; say so by name instead.
    z.refine((e) => e.HEADERS_TIMEOUT_MS <= e.REQUEST_TIMEOUT_MS, {
      path: ['HEADERS_TIMEOUT_MS'],
      message: 'must not exceed REQUEST_TIMEOUT_MS',
    }),
    z.superRefine(checkModes),
  );

/** Reads and validates the configuration once; unknown variables are ignored. */
/** Every environment variable the server reads: all a deployment (compose.yaml) may set for it. */
export const SERVER_ENV_VARIABLES: readonly string[] = [
  serverEnvSchema,
  proxyEnvSchema,
  redisEnvSchema,
  enginesEnvSchema,
  tracingEnvSchema,
].flatMap((schema) => Object.keys(schema.shape));

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const e = readEnvironment(envSchema, env, 'Invalid configuration');
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL,
    ...(e.ASSISTANT_SEED === undefined ? {} : { seedPath: e.ASSISTANT_SEED }),
    ...(e.ASSISTANT_DEV_TOKEN === undefined ? {} : { devToken: e.ASSISTANT_DEV_TOKEN }),
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    logLevel: e.LOG_LEVEL,
    bodyLimit: BODY_LIMIT,
    engines: toEnginesConfig(e, { deadlineMs: e.WORK_DEADLINE_MS, workerNice: e.WORKER_NICE }),
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    drain: { delayMs: e.DRAIN_DELAY_MS, timeoutMs: e.DRAIN_TIMEOUT_MS },
    streamStallMs: e.STREAM_STALL_TIMEOUT_MS,
    authFailureLimit: { max: e.AUTH_FAILURE_LIMIT_MAX, windowMs: e.AUTH_FAILURE_LIMIT_WINDOW_MS },
    maxHeavyRequestsPerToken: e.MAX_HEAVY_REQUESTS_PER_TOKEN,
    accountAdmission: {
      maxRequests: e.ACCOUNT_MAX_REQUESTS_IN_FLIGHT,
      maxBodyBytes: e.ACCOUNT_MAX_BODY_BYTES_IN_FLIGHT,
    },
    workDeadlineMs: e.WORK_DEADLINE_MS,
    workerNice: e.WORKER_NICE,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    ...(e.LOG_FORMAT === undefined ? {} : { logFormat: e.LOG_FORMAT }),
    journal: {
      max: e.FEATURES_OFF.has('journal') ? 0 : e.JOURNAL_MAX,
      totalMax: e.JOURNAL_TOTAL_MAX,
      bodyMaxBytes: e.JOURNAL_BODY_MAX_BYTES,
    },
    faultSeed: e.FAULT_SEED,
    ...(e.CHAT_FIXTURES === undefined ? {} : { chatFixturesPath: e.CHAT_FIXTURES }),
    idempotency: { retentionMs: e.IDEMPOTENCY_RETENTION_MS, maxRecords: e.IDEMPOTENCY_MAX_RECORDS },
    featuresOff: e.FEATURES_OFF,
    ...toProxyConfig(e),
    ...toRedisConfig(e),
    ...toTracingConfig(e, 'assistant-platform-server'),
  };
}
