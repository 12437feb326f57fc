/**
 * The one way every request goes, resource method or `client.raw`: an openapi-fetch call (URL, headers,
 * body, middleware, reading the answer), whose `fetch` is a `Call` of this module. A Call runs the
 * call's attempts: a timeout per attempt, retries with backoff and `Retry-After`, the caller's
 * `AbortSignal` honoured at every step (the waits between attempts and reading the answer included),
 * and failures turned into the SDK's typed errors. A `getToken()` token is set by a middleware, so
 * middleware registered later sees it. The SDK's own per-call work (trace context, the contract's
 * deprecations) runs in the Call, below the middleware: openapi-fetch's middleware pass (an id,
 * frozen options, an await per hook) is paid only by clients that add middleware of their own.
 *
 * Each call gets its own Call, handed to openapi-fetch as that call's `fetch` (its per-call option):
 * the timeout must keep running while openapi-fetch reads the answer, and only the call knows when
 * that is done. Middleware therefore sees a call once (its request, then its final response or
 * error); the attempts happen below it.
 *
 * A POST gets one `Idempotency-Key` per call, set before the middleware runs and sent unchanged with
 * every attempt, so the platform does a retried write once (see the contract's "Idempotent
 * requests"): the caller's own (`idempotencyKey`), else a random one when the call may be retried.
 * What may follow work the platform did (a connection error, a timeout, a 5xx, a 409) is retried only
 * when doing the request twice is as doing it once: a GET (or another method HTTP defines as
 * idempotent), a request carrying an `Idempotency-Key`, or one its resource method marks
 * `repeatable` (a chat or embeddings, which change nothing). A 408 or 429 did nothing: always.
 * The answer of a call that returns data is read within its attempt, so an answer cut mid-body is a
 * connection error like any other, retried under the same rule.
 */
import { IDEMPOTENCY_KEY_HEADER, type paths, retryAfterMs } from '@assistant-platform/types';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { isBufferedResponse, NULL_BODY_STATUSES, readResponse } from '../buffered-response.js';
import { APIConnectionError, APITimeoutError, APIUserAbortError, AssistantApiError } from '../errors.js';
import { isRetryableStatus, maxRetryAfterMs, retryDelayMs, sleep } from './backoff.js';
import { addTraceContext } from './trace-context.js';

// ---------------------------------------------------------------------------------------------------
// Options

/** Where the SDK reports retries. `console` fits; so do pino and most loggers. */
export interface Logger {
  warn(message: string, details?: Record<string, unknown>): void;
}

/**
 * What a client's calls check of deprecations (deprecation-notices.ts), run around each call's
 * attempts: `before` the request goes out (true when it told of the call's deprecated use), `after`
 * with the call's answer.
 */
export interface DeprecationCheck {
  before(request: Request, schemaPath: string): boolean | Promise<boolean>;
  after(request: Request, response: Response, schemaPath: string, toldBefore: boolean): void;
}

/** The global `fetch`'s signature: what an injected `fetch` must accept. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Options every method accepts as its last argument; they override the client's for that call. */
export interface RequestOptions {
  /** Aborts the call, including retries and the waits between them. */
  signal?: AbortSignal;
  /** Milliseconds each attempt may take (see the client option of the same name). */
  timeoutMs?: number;
  /** Retries after the first attempt (0 disables retrying). */
  maxRetries?: number;
  /** Extra headers, e.g. your own `x-request-id`. */
  headers?: Record<string, string>;
  /**
   * A POST's `Idempotency-Key`, sent with every attempt of the call: your own (the same for a
   * request you send again yourself), or `false` for none. By default a POST that may be retried
   * gets a random one.
   */
  idempotencyKey?: string | false;
}

/** The openapi-fetch client of the contract: `client.raw`, and what resource methods call. */
export type RawClient = Client<paths, 'application/json'>;

export interface PipelineOptions {
  baseUrl: string;
  fetch: FetchLike | undefined;
  timeoutMs: number;
  maxRetries: number;
  headers: Record<string, string> | undefined;
  token: string | undefined;
  getToken: (() => string | Promise<string>) | undefined;
  logger: Logger | undefined;
  /** Whether POSTs get a random `Idempotency-Key` when the caller gives none. */
  idempotencyKeys: boolean;
  /** What each call checks of deprecations, before it is sent and with its answer. */
  deprecations: DeprecationCheck | undefined;
}

/** What every Call of a client shares. */
interface Settings {
  fetch: FetchLike | undefined;
  timeoutMs: number;
  maxRetries: number;
  logger: Logger | undefined;
  idempotencyKeys: boolean;
  deprecations: DeprecationCheck | undefined;
}

/** A call's openapi-fetch options with the SDK's own: the signal, timeout and retries are the Call's. */
type CallInit = {
  signal?: AbortSignal | null;
  timeoutMs?: number;
  maxRetries?: number;
  idempotencyKey?: string | false;
  /** Set by a resource method whose request changes nothing (chat, embeddings): safe to send twice. */
  repeatable?: boolean;
} & Record<string, unknown>;

/** Methods HTTP defines as idempotent (RFC 9110 §9.2.2): doing one twice is as doing it once. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** `value` when it is an integer ≥ `min`; a TypeError naming the option otherwise. */
export function checkCount(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new TypeError(`${name} must be an integer ≥ ${min}, got ${value}`);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------
// The client

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
type AnyMethod = (path: unknown, init: Record<string, unknown>) => Promise<unknown>;

/**
 * The openapi-fetch client with a Call per request. Each method also takes `timeoutMs` and
 * `maxRetries` in its options (openapi-fetch's options allow extra keys); a call's own `fetch`
 * option is replaced by its Call, which sends every attempt through the client's `fetch`.
 */
export function createRequestPipeline(options: PipelineOptions): RawClient {
  const settings: Settings = {
    fetch: options.fetch,
    timeoutMs: checkCount('timeoutMs', options.timeoutMs, 1),
    maxRetries: checkCount('maxRetries', options.maxRetries, 0),
    logger: options.logger,
    idempotencyKeys: options.idempotencyKeys,
    deprecations: options.deprecations,
  };
  const headers = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const client = createClient<paths, 'application/json'>({ baseUrl: options.baseUrl, headers });
  if (options.getToken) client.use(bearerToken(options.getToken));

  const piped: Record<string, unknown> = { ...client };
  for (const method of METHODS) {
    const send = client[method] as AnyMethod;
    piped[method] = (path: unknown, init?: CallInit) => {
      const call = new Call(settings, init, method, String(path));
      return call.settle(send(path, call.init));
    };
  }
  const request = client.request as (method: unknown, path: unknown, init: unknown) => Promise<unknown>;
  piped.request = (method: unknown, path: unknown, init?: CallInit) => {
    const call = new Call(settings, init, String(method).toUpperCase(), String(path));
    return call.settle(request(method, path, call.init));
  };
  return piped as unknown as RawClient;
}

/** `getToken()` asked once per call; its token wins over the client's and the call's headers. */
function bearerToken(getToken: () => string | Promise<string>): Middleware {
  return {
    async onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${await getToken()}`);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// One call's attempts

/** Bodies kept as text to send again (what openapi-fetch serialises); any other body as bytes. */
const TEXT_BODY = /json|^text\/|urlencoded/i;

/**
 * A new Request's options: one differs only when the caller set it (a raw call's `credentials`, say),
 * and only then is it handed on. Runtimes without one of them (undefined) get none.
 */
const REQUEST_DEFAULTS = {
  cache: 'default',
  credentials: 'same-origin',
  integrity: '',
  keepalive: false,
  mode: 'cors',
  redirect: 'follow',
  referrer: 'about:client',
  referrerPolicy: '',
} as const satisfies Partial<Record<keyof Request, unknown>>;

class Call {
  /** openapi-fetch's `fetch` for this call (it calls it unbound): all of the call's attempts. */
  readonly fetch = (request: Request): Promise<Response> => this.#attempts(request);
  /** The call's options for openapi-fetch, with this Call as their `fetch`. */
  readonly init: Record<string, unknown>;
  readonly #settings: Settings;
  readonly #signal: AbortSignal | undefined;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  /** A streamed body is read after the call returns: the caller's signal must still reach it. */
  readonly #streamed: boolean;
  /** Whether the request may be sent again after it may have done its work (see the header). */
  readonly #repeatable: boolean;
  #controller: AbortController | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;
  /** The answer handed to openapi-fetch, once there is one. */
  #response: Response | undefined;

  /** The operation's path template (`/agents/view/{id}`). */
  readonly #schemaPath: string;
  /** The request as it went out (after the middleware), once it has. */
  #request: Request | undefined;
  /** Whether the contract's deprecations of this call were told before it was sent. */
  #toldDeprecation = false;

  constructor(settings: Settings, callInit: CallInit | undefined, method: string, schemaPath: string) {
    const { signal, timeoutMs, maxRetries, idempotencyKey, repeatable, ...init } = callInit ?? {};
    init.fetch = this.fetch;
    this.init = init;
    this.#settings = settings;
    this.#schemaPath = schemaPath;
    this.#signal = signal ?? undefined;
    this.#timeoutMs = timeoutMs === undefined ? settings.timeoutMs : checkCount('timeoutMs', timeoutMs, 1);
    this.#maxRetries =
      maxRetries === undefined ? settings.maxRetries : checkCount('maxRetries', maxRetries, 0);
    if (method === 'POST' && idempotencyKey !== false) {
      const key =
        idempotencyKey ?? (settings.idempotencyKeys && this.#maxRetries > 0 ? randomKey() : undefined);
      if (key !== undefined) init.headers = withHeader(init.headers, IDEMPOTENCY_KEY_HEADER, key);
    }
    this.#streamed = init.parseAs === 'stream';
    this.#repeatable = repeatable === true || IDEMPOTENT_METHODS.has(method);
    // The Call is its own listener (handleEvent): no closure per call.
    this.#signal?.addEventListener('abort', this, { once: true });
  }

  /** The caller aborted: stop the attempt in flight (or the body being read). */
  handleEvent(): void {
    this.#controller?.abort(this.#signal?.reason);
  }

  /** openapi-fetch's result of this call; what failed on the way is thrown as the SDK's error. */
  async settle<T>(pending: Promise<T>): Promise<T> {
    try {
      return await pending;
    } catch (error) {
      throw this.#failure(error);
    } finally {
      // openapi-fetch has read the answer (or, for a stream, the headers): the timeout is done.
      clearTimeout(this.#timer);
      if (!this.#streamed) this.#signal?.removeEventListener('abort', this);
    }
  }

  static #expire(call: Call): void {
    call.#timedOut = true;
    call.#controller?.abort(new APITimeoutError());
  }

  async #attempts(request: Request): Promise<Response> {
    // Below the middleware, so a client's own middleware costs a call nothing when it has none.
    addTraceContext(request);
    this.#request = request;
    const told = this.#settings.deprecations?.before(request, this.#schemaPath) ?? false;
    this.#toldDeprecation = typeof told === 'boolean' ? told : await told;
    const { url } = request;
    const injected = this.#settings.fetch;
    // The global fetch gets openapi-fetch's Request, whose parsed URL and headers it copies as they are,
    // with the attempt's body and signal; an injected fetch gets `(url, init)` (see initOf).
    const init = injected ? initOf(request) : undefined;
    const body = request.body === null ? null : await bodyOf(request);
    // Middleware may have set the key too: the request as it goes out decides.
    const repeatable = this.#repeatable || request.headers.has(IDEMPOTENCY_KEY_HEADER);
    for (let attempt = 0; ; attempt++) {
      if (this.#signal?.aborted) throw new APIUserAbortError();
      const controller = new AbortController();
      this.#controller = controller;
      this.#timedOut = false;
      // Left running when an answer comes: it also bounds reading the body, until settle().
      this.#timer = setTimeout(Call.#expire, this.#timeoutMs, this);

      let response: Response | undefined;
      let failure: APIConnectionError | undefined;
      try {
        const { signal } = controller;
        // globalThis.fetch is looked up per attempt, so a fetch polyfilled after the client was made counts.
        response = await (injected
          ? injected(url, { ...init, body, signal })
          : globalThis.fetch(request, { body, signal }));
        // An answer to return as data is read here, within the attempt and its timeout.
        if (!this.#streamed && (response.ok || !isRetryableStatus(response.status, repeatable)))
          response = await whole(response);
      } catch (cause) {
        clearTimeout(this.#timer);
        if (this.#signal?.aborted) throw new APIUserAbortError();
        response = undefined;
        failure = this.#timedOut
          ? new APITimeoutError()
          : new APIConnectionError(
              cause instanceof CutAnswer ? 'Connection error while reading the response.' : undefined,
              cause instanceof CutAnswer ? cause.cause : cause,
            );
      }

      if (response && (response.ok || !isRetryableStatus(response.status, repeatable)))
        return this.#answer(response);
      const retryAfter = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
      if (
        attempt >= this.#maxRetries ||
        (failure !== undefined && !repeatable) ||
        (retryAfter !== undefined && retryAfter > maxRetryAfterMs)
      ) {
        if (failure) throw failure;
        return this.#answer(response as Response);
      }

      clearTimeout(this.#timer);
      await response?.body?.cancel().catch(() => {});
      const delayMs = retryDelayMs(attempt, retryAfter);
      this.#settings.logger?.warn('Retrying request', {
        method: request.method,
        url,
        attempt: attempt + 1,
        reason: failure ? failure.message : `status ${response?.status}`,
        delayMs,
      });
      try {
        await sleep(delayMs, this.#signal);
      } catch {
        throw new APIUserAbortError();
      }
    }
  }

  #answer(response: Response): Response {
    this.#response = response;
    this.#settings.deprecations?.after(
      this.#request as Request,
      response,
      this.#schemaPath,
      this.#toldDeprecation,
    );
    return response;
  }

  /**
   * The SDK's error for a failed call. Failures to get an answer are typed by #attempts already. A
   * failure while openapi-fetch read the answer's body (its body used) is the timeout, the caller's
   * abort, a body that is not JSON or a broken connection. Anything else (a body JSON cannot write,
   * a middleware's own error, or what its onError returned instead of ours) is kept as it is.
   */
  #failure(error: unknown): unknown {
    if (error instanceof AssistantApiError || !this.#response?.bodyUsed) return error;
    if (this.#signal?.aborted) return new APIUserAbortError();
    if (this.#timedOut) return new APITimeoutError();
    if (error instanceof SyntaxError) {
      return new AssistantApiError(undefined, `The response body is not valid JSON: ${error.message}`, {
        cause: error,
      });
    }
    return new APIConnectionError('Connection error while reading the response.', error);
  }
}

/** An answer whose body broke off while it was read (its cause says how). */
class CutAnswer extends Error {}

/**
 * `response` with its body read whole: a Response of the same status, headers and URL over the
 * bytes (buffered-response.ts), for openapi-fetch to parse. A body that breaks off throws
 * CutAnswer. An answer whose body is in memory already (bufferedResponse) is whole as it is.
 */
async function whole(response: Response): Promise<Response> {
  if (isBufferedResponse(response)) return response;
  let bytes: ArrayBuffer | null = null;
  if (!NULL_BODY_STATUSES.has(response.status)) {
    try {
      bytes = await response.arrayBuffer();
    } catch (cause) {
      throw new CutAnswer('the answer broke off', { cause });
    }
  }
  return readResponse(response, bytes);
}

/** A random key: a UUID where the runtime makes them (not on insecure pages), else 128 random bits in hex. */
function randomKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The call's headers (any form openapi-fetch takes; a record may hold `null` to unset one) with
 * `name` (lower case) set, unless the caller set it already.
 */
function withHeader(headers: unknown, name: string, value: string): unknown {
  if (headers instanceof Headers || Array.isArray(headers)) {
    const copy = new Headers(headers);
    if (!copy.has(name)) copy.set(name, value);
    return copy;
  }
  const record = (headers ?? {}) as Record<string, unknown>;
  for (const key in record) if (key.toLowerCase() === name) return record;
  return { ...record, [name]: value };
}

/**
 * The request as the global fetch's other form `(url, init)`, for an injected fetch: one over undici's
 * `request()` (the gateway's) sends that without building a `Request` of its own.
 */
function initOf(request: Request): RequestInit {
  const init: Record<string, unknown> = { method: request.method, headers: request.headers };
  for (const key in REQUEST_DEFAULTS) {
    const value = request[key as keyof typeof REQUEST_DEFAULTS];
    if (value !== undefined && value !== REQUEST_DEFAULTS[key as keyof typeof REQUEST_DEFAULTS]) {
      init[key] = value;
    }
  }
  return init as RequestInit;
}

/**
 * The body, read once to be sent with every attempt. Handed to fetch as text (not as the Request's
 * body stream) it also spares undici piping that stream through a TransformStream, the costliest step
 * of sending a POST.
 */
function bodyOf(request: Request): Promise<string | ArrayBuffer> {
  return TEXT_BODY.test(request.headers.get('content-type') ?? '') ? request.text() : request.arrayBuffer();
}
