/**
 * `createAssistantClient`: the resource methods and `raw`, an openapi-fetch client for calls the
 * methods don't cover. Both share the auth, retries and timeouts (see internal/attempts.ts); resource
 * methods plan their requests themselves (see internal/call.ts).
 */
import type { paths } from '@assistant-platform/types';
import createClient, { type Middleware, removeTrailingSlash } from 'openapi-fetch';
import { type CallPolicy, type FetchLike, type Logger, prepareCall } from './internal/attempts.js';
import { defaultBackoff } from './internal/backoff.js';
import type { CallContext, RawClient, RequestOptions } from './internal/call.js';
import { callHeaders } from './internal/call-headers.js';
import { cachedPathSerializer } from './internal/path-serializer.js';
import { wrapRawClient } from './internal/raw-client.js';
import { type AgentsResource, agentsResource } from './resources/agents.js';
import { type EmbeddingsResource, embeddingsResource } from './resources/embeddings.js';
import { type TranscriptionsResource, transcriptionsResource } from './resources/transcriptions.js';

interface BaseOptions {
  /** The API root, ending in `/v1`, e.g. `http://127.0.0.1:4010/v1`. */
  baseUrl: string;
  /**
   * A `fetch` to use instead of the global one (tests, proxies, instrumentation, a faster HTTP
   * client on a server). Called exactly as the global `fetch` would be: `(input, init)`.
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
  /** The underlying openapi-fetch client, with the same auth, retries and timeouts. */
  raw: RawClient;
}

function checkCount(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new TypeError(`${name} must be an integer ≥ ${min}, got ${value}`);
  }
  return value;
}

function tokenMiddleware(getToken: () => string | Promise<string>): Middleware {
  return {
    async onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${await getToken()}`);
    },
  };
}

export function createAssistantClient(options: ClientOptions): AssistantClient {
  if (!options.baseUrl) throw new TypeError('baseUrl is required, e.g. http://127.0.0.1:4010/v1');
  if (options.token === undefined && typeof options.getToken !== 'function') {
    throw new TypeError('token or getToken is required');
  }
  const policy: CallPolicy = {
    fetch: options.fetch,
    maxRetries: checkCount('maxRetries', options.maxRetries ?? 2, 0),
    timeoutMs: checkCount('timeoutMs', options.timeoutMs ?? 60_000, 1),
    backoff: defaultBackoff,
    logger: options.logger,
    headers: callHeaders(options.headers, options.token, options.getToken),
  };
  // Resource methods' URLs: the base URL and the path, its parameters filled in as openapi-fetch
  // would (none of the methods takes query parameters). The cache is keyed by the path templates.
  const baseUrl = removeTrailingSlash(options.baseUrl);
  const pathSerializer = cachedPathSerializer();
  const rawClient = createClient<paths, 'application/json'>({
    baseUrl: options.baseUrl,
    headers: policy.headers.client,
    pathSerializer: cachedPathSerializer(),
  });
  if (options.getToken) rawClient.use(tokenMiddleware(options.getToken));

  const context: CallContext = {
    url: (path, pathParams) => baseUrl + (pathParams ? pathSerializer(path, pathParams) : path),
    prepare(call: RequestOptions | undefined, timeoutCoversBody = false) {
      const overridden = call?.maxRetries !== undefined || call?.timeoutMs !== undefined;
      const callPolicy = !overridden
        ? policy
        : {
            ...policy,
            maxRetries: checkCount('maxRetries', call.maxRetries ?? policy.maxRetries, 0),
            timeoutMs: checkCount('timeoutMs', call.timeoutMs ?? policy.timeoutMs, 1),
          };
      return prepareCall(callPolicy, call?.signal, { headers: call?.headers, timeoutCoversBody });
    },
  };
  const raw = wrapRawClient(rawClient, (signal) => prepareCall(policy, signal));
  return {
    agents: agentsResource(context),
    transcriptions: transcriptionsResource(context),
    embeddings: embeddingsResource(context),
    raw,
  };
}
