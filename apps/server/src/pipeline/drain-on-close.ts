import type { FastifyInstance } from 'fastify';

/**
 * While the app closes, every response still being sent says `Connection: close`. Otherwise a
 * keep-alive client's connection stays open after its in-flight request finishes and holds the
 * shutdown until the keep-alive timeout (see receive-timeouts.ts).
 */
export function registerDrainOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
