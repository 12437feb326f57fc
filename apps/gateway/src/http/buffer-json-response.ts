/**
 * tRPC's Fastify adapter answers with a web `Response`, which Fastify writes as a stream: headers and
 * body in separate writes, through a web-stream pipe. A plain JSON answer is fully built already, so
 * this `onSend` hook hands Fastify its text instead: one write, less garbage, measurably less CPU per
 * call (bench/gateway-overhead.mjs). SSE subscriptions and streamed batches stay streams.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function bufferJsonResponse(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (!(payload instanceof Response)) return payload;
  const type = payload.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json') || payload.headers.has('transfer-encoding')) return payload;
  reply.code(payload.status);
  for (const [name, value] of payload.headers) reply.header(name, value);
  return payload.text();
}
