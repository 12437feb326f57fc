import type { FastifyReply } from 'fastify';

/** A signal that aborts when the client goes away before the answer is complete. */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // The response's 'close' also fires after a normal finish; only an unfinished one means the client left.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
