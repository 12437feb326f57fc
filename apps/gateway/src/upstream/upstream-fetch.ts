/**
 * The `fetch` the gateway hands the SDK for its platform calls: undici's `request()` behind the global
 * `fetch`'s signature. Every product team call goes through the gateway, and `request()` skips what
 * Node's `fetch` adds on top of the same undici connection pool: a `Request` per call that follows
 * the call's AbortSignal through a WeakRef and a FinalizationRegistry, and web streams for every
 * body. It costs about half the CPU per call (bench/gateway-overhead.mjs).
 *
 * A JSON answer is read whole before its `Response` is made (a failure while reading is then a
 * failed attempt the SDK can retry), as a `bufferedResponse`, which the SDK takes as it is; an event
 * stream stays a stream, and cancelling it closes the upstream request. Anything this does not
 * handle (a `Request` as input, a body that is not text) goes to the global `fetch`. Redirects are
 * not followed: the platform answers where it is asked.
 */
import { Readable } from 'node:stream';
import { bufferedResponse } from '@assistant-platform/client';
import { Agent, type Dispatcher, request } from 'undici';
import { headersFromNode } from '../http/headers-from-node.js';

export type UpstreamFetch = typeof fetch & {
  /** Closes the pooled connections (the gateway does on shutdown). */
  close(): Promise<void>;
};

/** Statuses whose responses have no body; `new Response` refuses one for them. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function createUpstreamFetch(): UpstreamFetch {
  // An idle connection to the platform is kept 30 s, unless the platform's Keep-Alive says less:
  // shorter than the idle time the deployment's balancer allows its clients (deploy/haproxy.cfg,
  // `timeout http-keep-alive 65s`), so the gateway never sends on a connection the balancer closes.
  const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 30_000 });

  async function upstreamFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const { body } = init;
    if (input instanceof Request || (body != null && typeof body !== 'string')) return fetch(input, init);
    const answer = await request(input, {
      method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: headerPairs(init.headers),
      body: body ?? undefined,
      signal: init.signal ?? undefined,
      dispatcher: agent,
    });
    const headers = headersFromNode(answer.headers);
    if (NULL_BODY_STATUSES.has(answer.statusCode)) {
      await answer.body.dump();
      return new Response(null, { status: answer.statusCode, headers });
    }
    const answerInit = { status: answer.statusCode, headers };
    if (headers.get('content-type')?.startsWith('text/event-stream')) {
      return new Response(Readable.toWeb(answer.body) as ReadableStream<Uint8Array>, answerInit);
    }
    // Read whole here: the SDK takes the answer as it is, without reading it into a copy.
    return bufferedResponse(await answer.body.arrayBuffer(), answerInit);
  }

  return Object.assign(upstreamFetch as typeof fetch, { close: () => agent.close() });
}

/**
 * undici takes any iterable of name/value pairs, which a `Headers` (what the SDK sends) is; other
 * forms are normalized through one (lower-case names, joined values).
 */
function headerPairs(headers: RequestInit['headers']): Iterable<[string, string]> {
  if (headers === undefined) return [];
  return headers instanceof Headers ? headers : new Headers(headers);
}
