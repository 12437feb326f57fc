/**
 * `createAssistantClient`: the resource methods, `raw` (the openapi-fetch client they call, for calls
 * they don't cover) and `use()`/`eject()` for middleware. Every request goes through the same
 * pipeline (see internal/request-pipeline.ts), so middleware sees resource-method calls and raw ones.
 */
import type { Middleware } from 'openapi-fetch';
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
  /** The API root, ending in `/v1`, e.g. `http://127.0.0.1:4010/v1`. */
  baseUrl: string;
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
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Receives a `warn` for each retry. */
  logger?: Logger;
}

/** Client options: a fixed `token`, or `getToken()` to fetch a fresh one for each call. */
export type ClientOptions = BaseOptions &
  ({ token: string; getToken?: never } | { getToken: () => string | Promise<string>; token?: never });

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

export function createAssistantClient(options: ClientOptions): AssistantClient {
  if (!options.baseUrl) throw new TypeError('baseUrl is required, e.g. http://127.0.0.1:4010/v1');
  // Without /v1 every call would answer 404 "Resource does not exist", like a missing agent.
  if (!/\/v1\/?$/.test(options.baseUrl))
    throw new TypeError(
      `baseUrl must be the API root, ending in /v1 (e.g. http://127.0.0.1:4010/v1), not ${options.baseUrl}`,
    );
  if (options.token === undefined && typeof options.getToken !== 'function') {
    throw new TypeError('token or getToken is required');
  }
  const client = createRequestPipeline({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    headers: options.headers,
    token: options.token,
    getToken: options.getToken,
    logger: options.logger,
  });
  return {
    agents: agentsResource(client),
    transcriptions: transcriptionsResource(client),
    embeddings: embeddingsResource(client),
    raw: client,
    use: client.use,
    eject: client.eject,
  };
}
