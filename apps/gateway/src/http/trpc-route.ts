/**
 * tRPC at `${prefix}/:path`: a Fastify route handing each request to tRPC's own resolver
 * (`resolveResponse`, what every tRPC adapter calls). It does what tRPC's Fastify adapter does, with
 * two differences measured in bench/gateway-overhead.mjs:
 * - the request's signal aborts only when the caller leaves before the answer is complete (what
 *   stops a subscription or a chat); the adapter aborts it when any response closes, finished or
 *   not, which costs every call a DOMException and a chain of abort events. Queries (GETs that are
 *   not event streams) get no signal at all: a read is short, and a `Request` following a signal
 *   costs each call a WeakRef and a FinalizationRegistry entry in Node's fetch;
 * - a JSON answer is written as one string. The adapter hands Fastify a web `Response`, which it
 *   writes as a stream (headers and body apart, through a web-stream pipe). SSE stays a stream.
 */
import type { TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRouter } from '../router/app-router.js';
import type { GatewayContext } from '../trpc/context.js';
import { headersFromNode } from './headers-from-node.js';

export interface TrpcRouteOptions {
  prefix: string;
  router: AppRouter;
  createContext: (options: CreateFastifyContextOptions) => GatewayContext;
  onError: (failure: { error: TRPCError; path: string | undefined; req: FastifyRequest }) => void;
}

export async function registerTrpcRoute(app: FastifyInstance, options: TrpcRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    // tRPC reads bodies itself: it gets the JSON text as it came.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });

    scope.all<{ Params: { path: string } }>(`${options.prefix}/:path`, async (request, reply) => {
      const response = await resolveResponse({
        router: options.router,
        req: toFetchRequest(request, reply),
        path: request.params.path,
        error: null,
        createContext: async ({ info }) => options.createContext({ req: request, res: reply, info }),
        onError: ({ error, path }) => options.onError({ error, path, req: request }),
      });
      reply.code(response.status);
      for (const [name, value] of response.headers) reply.header(name, value);
      const type = response.headers.get('content-type') ?? '';
      if (type.startsWith('application/json') && !response.headers.has('transfer-encoding')) {
        return reply.send(await response.text());
      }
      return reply.send(response.body);
    });
  });
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = headersFromNode(request.headers);
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
  const query = request.method === 'GET' && !headers.get('accept')?.includes('text/event-stream');
  if (!query) init.signal = abortWhenCallerLeaves(reply);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const { body } = request;
    init.body = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
    init.duplex = 'half';
  }
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), init);
}

function abortWhenCallerLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}
