/**
 * An injected `fetch` (openapi-fetch's own tests do the same instead of patching globals): it answers
 * from a script of handlers, one per attempt, and records what each attempt sent.
 */
import { createAssistantClient, type FetchLike } from '../../src/index.js';

export interface SentRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string;
  signal: AbortSignal;
}

export type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Requests a fake has made, held until their signal aborts. undici links a Request's signal to the one
 * it was made with only weakly, so a fake that dropped its Request could lose the abort to a garbage
 * collection (a real fetch holds its Request while in flight).
 */
const held = new Set<Request>();

/** A `fetch` that hands `handler` the Request the global `fetch` would have made of its arguments. */
export function fetchFrom(handler: Handler): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init);
    held.add(request);
    request.signal.addEventListener('abort', () => held.delete(request), { once: true });
    return handler(request);
  };
}

export function scriptedFetch(...handlers: Handler[]) {
  const sent: SentRequest[] = [];
  const fetch = fetchFrom(async (request) => {
    const { method, url, headers, signal } = request;
    sent.push({ method, url, headers, signal, body: await request.text() });
    const handler = handlers[Math.min(sent.length - 1, handlers.length - 1)]!;
    return handler(request);
  });
  return Object.assign(fetch, { sent });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req-${status}`, ...headers },
  });
}

export const ok = (data: unknown, message = 'OK') => json(200, { success: true, message, data });

/** A fetch that never answers by itself: it rejects only when the request's signal aborts. */
export const hangingFetch: Handler = (request) =>
  new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });

/** A `text/event-stream` response whose body arrives as the given pieces of bytes. */
export function sse(pieces: (string | Uint8Array)[], init: { status?: number } = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces)
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
  return new Response(body, {
    status: init.status ?? 200,
    headers: { 'content-type': 'text/event-stream', 'x-request-id': 'req-stream' },
  });
}

/** A client whose every call gets `response()`, without retries. */
export function clientAnswering(response: () => Response) {
  return createAssistantClient({
    baseUrl: 'http://api.test/v1',
    token: 't',
    fetch: scriptedFetch(response),
    maxRetries: 0,
  });
}
