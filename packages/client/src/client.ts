/**
 * `createAssistantClient`: the resource methods, `raw` (the openapi-fetch client they call, for calls
 * they don't cover) and `use()`/`eject()` for middleware. Every request goes through the same
 * pipeline (see internal/request-pipeline.ts), so middleware sees resource-method calls and raw ones.
 * `baseUrl` and `token` fall back to ASSISTANT_PLATFORM_BASE_URL and ASSISTANT_PLATFORM_TOKEN where
 * the runtime has a `process.env` (Node, Bun, Deno; a browser page has none, and reads nothing).
 */
import type { Middleware } from 'openapi-fetch';
import {
  type DeprecationMode,
  type DeprecationNotice,
  deprecationCheck,
} from './internal/deprecation-notices.js';
import {
  createRequestPipeline,
  type FetchLike,
  type Logger,
  type RawClient,
} from './internal/request-pipeline.js';
import { type AgentsResource, agentsResource } from './resources/agents.js';
import { type EmbeddingsResource, embeddingsResource } from './resources/embeddings.js';
import { type TranscriptionsResource, transcriptionsResource } from './resources/transcriptions.js';

interface BaseOptions {
  /**
   * The API root, ending in `/v1`, e.g. `http://127.0.0.1:4010/v1`. Default: the
   * `ASSISTANT_PLATFORM_BASE_URL` environment variable.
   */
  baseUrl?: string;
  /**
   * A `fetch` to use instead of the global one (tests, proxies, instrumentation, a faster HTTP
   * client on a server). Called once per attempt as the global `fetch` can be: `(url, init)`.
   */
  fetch?: FetchLike;
  /**
   * Milliseconds each attempt may take: until the whole answer is read, or for `chatStream` until
   * the response headers arrive. Default 60000.
   */
  timeoutMs?: number;
  /** Retries after a failed attempt (connection error, timeout, 408, 409, 429, 5xx). Default 2. */
  maxRetries?: number;
  /**
   * Milliseconds a `chatStream` may go without receiving anything before it fails with
   * `StreamIdleTimeoutError` (retried when no event had arrived yet). Default 60000.
   */
  idleTimeoutMs?: number;
  /**
   * Whether a POST that may be retried gets a random `Idempotency-Key` (one per call, the same on
   * every retry) when the call gives none. Default true.
   */
  idempotencyKeys?: boolean;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Receives a `warn` for each retry, and each deprecation warning. */
  logger?: Logger;
  /**
   * What a call that uses something deprecated does: `warn` (default) once per process per
   * deprecated thing (the `logger`, else a Node DeprecationWarning), `silent`, or `error`: a call
   * this SDK's contract knows to be deprecated throws `DeprecationError` before it is sent. See
   * the README's "Deprecations".
   */
  deprecations?: DeprecationMode;
  /** Called with every deprecation a call meets, whatever `deprecations` says. */
  onDeprecation?: (notice: DeprecationNotice) => void;
}

/**
 * Client options: a fixed `token` (default: the `ASSISTANT_PLATFORM_TOKEN` environment variable), or
 * `getToken()` to fetch a fresh one for each call.
 */
export type ClientOptions = BaseOptions &
  ({ token?: string; getToken?: never } | { getToken: () => string | Promise<string>; token?: never });

export interface AssistantClient {
  agents: AgentsResource;
  transcriptions: TranscriptionsResource;
  embeddings: EmbeddingsResource;
  /** The openapi-fetch client the resource methods call, with the same auth, retries and timeouts. */
  raw: RawClient;
  /**
   * Adds openapi-fetch middleware: it sees every call, resource methods' and `raw`'s alike (once per
   * call: retries happen below it). The same as `raw.use()`.
   */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use()`. */
  eject(...middleware: Middleware[]): void;
}

const BASE_URL_VARIABLE = 'ASSISTANT_PLATFORM_BASE_URL';
const TOKEN_VARIABLE = 'ASSISTANT_PLATFORM_TOKEN';

/** An environment variable where the runtime has `process.env`; never throws where it has none. */
function fromEnvironment(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name] || undefined;
}

export function createAssistantClient(options: ClientOptions = {}): AssistantClient {
  const baseUrl = options.baseUrl ?? fromEnvironment(BASE_URL_VARIABLE);
  const baseUrlName = options.baseUrl === undefined ? BASE_URL_VARIABLE : 'baseUrl';
  if (!baseUrl) {
    throw new TypeError(
      `createAssistantClient needs the API root: pass baseUrl (e.g. http://127.0.0.1:4010/v1) or set ${BASE_URL_VARIABLE}`,
    );
  }
  // Without /v1 every call would answer 404 "Resource does not exist", like a missing agent.
  if (!/\/v1\/?$/.test(baseUrl))
    throw new TypeError(
      `${baseUrlName} must be the API root, ending in /v1 (e.g. http://127.0.0.1:4010/v1), not ${baseUrl}`,
    );
  const token =
    typeof options.getToken === 'function' ? undefined : (options.token ?? fromEnvironment(TOKEN_VARIABLE));
  if (token === undefined && typeof options.getToken !== 'function') {
    throw new TypeError(
      `createAssistantClient needs a token: pass token (or getToken, to fetch one per call) or set ${TOKEN_VARIABLE}`,
    );
  }
  const maxRetries = options.maxRetries ?? 2;
  const client = createRequestPipeline({
    baseUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxRetries,
    headers: options.headers,
    token,
    getToken: options.getToken,
    logger: options.logger,
    idempotencyKeys: options.idempotencyKeys ?? true,
    deprecations: deprecationCheck({
      mode: options.deprecations ?? 'warn',
      logger: options.logger,
      onDeprecation: options.onDeprecation,
    }),
  });
  return {
    agents: agentsResource(client, {
      maxRetries,
      idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
      logger: options.logger,
    }),
    transcriptions: transcriptionsResource(client),
    embeddings: embeddingsResource(client),
    raw: client,
    use: client.use,
    eject: client.eject,
  };
}
