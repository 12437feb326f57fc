import Fastify from 'fastify';
import { describe, it } from 'vitest';
import { Journal } from '../../src/admin/journal.js';
import { journalStreamHandler } from '../../src/admin/journal-stream.js';

describe('the journal stream handler', () => {
  it('sends heartbeat comments while nothing is recorded, so proxies keep an idle stream open', async () => {
    // The handler alone, with a short heartbeat: the server's is 15 s, as the contract says.
    const app = Fastify();
    // The stream reaches what its caller administers: here, an operator's, every entry.
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = { tokenId: 1, accountId: 1, tokenName: 'op', tokenHash: 'x', scopes: ['operator'] };
    });
    app.get(
      '/stream',
      journalStreamHandler(app, new Journal({ max: 10, totalMax: 10, bodyMaxBytes: 100 }), {
        heartbeatMs: 20,
      }),
    );
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${base}/stream`);
      const reader = (res.body as ReadableStream<Uint8Array>)
        .pipeThrough(new TextDecoderStream())
        .getReader();
      let text = '';
      while (!text.includes(': heartbeat\n\n')) text += (await reader.read()).value ?? '';
      await reader.cancel();
    } finally {
      await app.close();
    }
  });
});
