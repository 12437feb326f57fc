/**
 * The signal that stops an engine when its client leaves, over real HTTP: it must abort whether the
 * client left before the handler asked for it (while the handler awaited its lookups) or after,
 * and must not abort an answer that was delivered.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abortOnDisconnect } from '../../src/operations/abort-on-disconnect.js';
import { sendAndLeave } from '../helpers/leaving-client.js';

let app: FastifyInstance;
let origin: string;
/** The signal each route handed out, by the test's request name. */
const signals = new Map<string, AbortSignal>();

beforeAll(async () => {
  app = Fastify();
  // The client is gone before the handler asks for the signal, as when it leaves during a lookup.
  app.post('/late/:name', async (request, reply) => {
    await once(reply.raw, 'close');
    signals.set((request.params as { name: string }).name, abortOnDisconnect(reply));
    return {};
  });
  // The handler asks first; the client leaves (or not) while the answer is being made.
  app.post('/early/:name', async (request, reply) => {
    const signal = abortOnDisconnect(reply);
    signals.set((request.params as { name: string }).name, signal);
    const leave = (request.headers['x-wait'] ?? '0') !== '0';
    if (leave) await once(signal, 'abort');
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const leave = (path: string, headers: Record<string, string> = {}) =>
  sendAndLeave(`${origin}${path}`, { headers, body: '{}' });

async function signalOf(name: string): Promise<AbortSignal> {
  while (!signals.has(name)) await new Promise((resolve) => setTimeout(resolve, 5));
  return signals.get(name) as AbortSignal;
}

describe('abortOnDisconnect', { timeout: 60_000 }, () => {
  it('aborts at once when the client left before the handler asked for the signal', async () => {
    await leave('/late/gone');
    expect((await signalOf('gone')).aborted).toBe(true);
  });

  it('aborts when the client leaves while the answer is being made', async () => {
    await leave('/early/leaving', { 'x-wait': '1' });
    const signal = await signalOf('leaving');
    if (!signal.aborted) await once(signal, 'abort');
    expect(signal.aborted).toBe(true);
  });

  it('does not abort once the answer was delivered', async () => {
    const response = await fetch(`${origin}/early/stays`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await response.json()).toEqual({ ok: true });
    const signal = await signalOf('stays');
    // The response's 'close' after a finished answer has fired by the time its body arrived.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signal.aborted).toBe(false);
  });
});
