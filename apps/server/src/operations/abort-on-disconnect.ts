import type { FastifyReply } from 'fastify';
import { whenClosed } from '../pipeline/response-listeners.js';

/**
 * A signal that aborts when the client goes away before the answer is complete. The handler asks
 * for it only after its own awaits (body checks, lookups), so a client may be gone already: then
 * the signal is aborted at once (see whenClosed).
 */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  // The response's 'close' also fires after a normal finish; only an unfinished one means the client left.
  whenClosed(response, () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}
