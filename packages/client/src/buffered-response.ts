/**
 * Answers whose body is already in memory. The SDK reads the answer of a call that returns data
 * whole within its attempt, so that a body cut off midway is a retryable connection error, and
 * hands openapi-fetch a `BufferedResponse` over the bytes; a custom `fetch` that has read an answer
 * whole itself returns one too (`bufferedResponse`), and it is taken as it is.
 *
 * A `BufferedResponse` is a `Response` whose readers (`json()`, `text()`, `arrayBuffer()`) answer
 * from its bytes. A `Response` made over bytes would wrap them in a stream and read them back
 * through it: about as much work as the rest of an SDK call (bench/sdk-overhead.mjs). Its `body`
 * stream is made only when something asks for it.
 *
 * The mark is a registered symbol, so an answer made with one copy of the SDK (its CommonJS build,
 * say) is recognised by another.
 */
const BUFFERED = Symbol.for('@assistant-platform/client.buffered-response');

/** Statuses whose answer has no body (a Response refuses one). */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

const encoder = new TextEncoder();
// As `Response.text()` decodes: UTF-8, a leading byte order mark dropped, bad bytes replaced.
const decoder = new TextDecoder();

/** Response, typed as a plain base class: the DOM typings declare its methods as properties. */
const ResponseBase = Response as unknown as new (body: null, init: ResponseInit) => object;

class BufferedResponse extends ResponseBase {
  readonly #bytes: Uint8Array | null;
  readonly #init: ResponseInit;
  readonly #url: string;
  #used = false;
  /** A Response over the bytes, made once the body is asked for as a stream: from then on it answers. */
  #streamed: Response | undefined;

  constructor(bytes: Uint8Array | null, init: ResponseInit, url: string) {
    super(null, init);
    this.#bytes = bytes;
    this.#init = init;
    this.#url = url;
  }

  get [BUFFERED](): true {
    return true;
  }

  get url(): string {
    return this.#url;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.#bytes === null ? null : this.#asStream().body;
  }

  get bodyUsed(): boolean {
    return this.#streamed === undefined ? this.#used : this.#streamed.bodyUsed;
  }

  text(): Promise<string> {
    if (this.#streamed) return this.#streamed.text();
    return this.#take().then((bytes) => decoder.decode(bytes));
  }

  json(): Promise<unknown> {
    return this.text().then(JSON.parse);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#streamed) return this.#streamed.arrayBuffer();
    // A copy, as Response's is: the caller may change it.
    return this.#take().then((bytes) => bytes.slice().buffer);
  }

  // Node 20 has no Response.bytes(); where the platform has one, it must read these bytes too.
  bytes(): Promise<Uint8Array> {
    if (this.#streamed)
      return this.#asStream()
        .arrayBuffer()
        .then((buffer) => new Uint8Array(buffer));
    return this.#take().then((bytes) => bytes.slice());
  }

  blob(): Promise<Blob> {
    return this.#asStream().blob();
  }

  formData(): Promise<FormData> {
    return this.#asStream().formData();
  }

  clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    if (this.#streamed) return this.#streamed.clone();
    return new BufferedResponse(this.#bytes, this.#init, this.#url) as unknown as Response;
  }

  #take(): Promise<Uint8Array> {
    if (this.#used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.#used = true;
    return Promise.resolve(this.#bytes ?? new Uint8Array(0));
  }

  #asStream(): Response {
    if (this.#streamed === undefined) {
      this.#streamed = new Response(this.#bytes as Uint8Array<ArrayBuffer> | null, this.#init);
      // Already read through this object: the stream is a used one, as Response's would be.
      if (this.#used) void this.#streamed.arrayBuffer();
    }
    return this.#streamed;
  }
}

/**
 * A `Response` over a body already in memory, for a custom `fetch` (`ClientOptions.fetch`) that
 * reads each answer whole itself, as a server-side HTTP client often does: the SDK hands it to
 * openapi-fetch as it is, instead of reading its body again into a copy.
 */
export function bufferedResponse(
  body: ArrayBuffer | Uint8Array | string | null,
  init: ResponseInit = {},
): Response {
  if (body !== null && NULL_BODY_STATUSES.has(init.status ?? 200))
    throw new TypeError(`bufferedResponse: an answer of status ${init.status} has no body`);
  if (typeof body !== 'string') return new BufferedResponse(bytesOf(body), init, '') as unknown as Response;
  // As `new Response(string)` does, a text body without a type is plain text.
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
  return new BufferedResponse(encoder.encode(body), { ...init, headers }, '') as unknown as Response;
}

/**
 * `response` with `bytes` for its body (what was read of it): the same status, headers and URL,
 * for openapi-fetch to parse; `bytes` null for an answer without a body.
 */
export function readResponse(response: Response, bytes: ArrayBuffer | null): Response {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  return new BufferedResponse(bytesOf(bytes), init, response.url) as unknown as Response;
}

// `Uint8Array` unparameterised, so the published types read in TypeScript before 5.7 too.
function bytesOf(body: ArrayBuffer | Uint8Array | null): Uint8Array | null {
  if (body === null) return null;
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

/** Whether `response` is a `BufferedResponse` (of any copy of the SDK). */
export function isBufferedResponse(response: Response): boolean {
  return (response as Response & { [BUFFERED]?: true })[BUFFERED] === true;
}
