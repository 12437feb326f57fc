import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before the answer is complete. The handler asks
 * for it only after its own awaits (body checks, lookups), so a client may be gone already: then
 * the response's 'close' has fired and will not again, and the signal is aborted at once.
 */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // The response's 'close' also fires after a normal finish; only an unfinished one means the client left.
  const leftEarly = () => !reply.raw.writableFinished;
  if (reply.raw.destroyed) {
    if (leftEarly()) controller.abort();
    return controller.signal;
  }
  reply.raw.once('close', () => {
    if (leftEarly()) controller.abort();
  });
  return controller.signal;
}
