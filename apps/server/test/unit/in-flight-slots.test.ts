/**
 * A token's in-flight slots over real HTTP: a slot is given back when its request's client leaves,
 * whether it left while the slot was being taken or before (while the request waited for its
 * authentication, say), so clients that leave can never lock their token out.
 */
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InFlightSlots, inFlightSlots } from '../../src/pipeline/in-flight-limit.js';

let app: FastifyInstance;
let origin: string;
/** One slot per token (here: per client address, as no one is authenticated). */
const slots: InFlightSlots = inFlightSlots(1);
/** Settles once the request that left has asked for its slot. */
let lateHold: Promise<unknown> = Promise.resolve();

beforeAll(async () => {
  app = Fastify();
  // The client is gone before the slot is asked for.
  app.post('/late', async (request, reply) => {
    await once(reply.raw, 'close');
    lateHold = slots.hold(request, reply).then(
      () => 'held',
      (error: Error) => error.message,
    );
    await lateHold;
    return {};
  });
  app.post('/now', async (request, reply) => {
    try {
      await slots.hold(request, reply);
      return { held: true };
    } catch {
      return { held: false };
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

/** Sends a request and destroys the connection once the server has it (its body sent). */
async function leave(path: string): Promise<void> {
  const client = httpRequest(`${origin}${path}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json' },
  });
  client.on('error', () => {});
  client.end('{}');
  await once(client, 'finish');
  await new Promise((resolve) => setTimeout(resolve, 50));
  client.destroy();
}

describe('in-flight slots', { timeout: 60_000 }, () => {
  it('are given back when the client left before its slot was asked for', async () => {
    for (let i = 0; i < 3; i++) {
      await leave('/late');
      await expect.poll(() => lateHold).toBe('held');
      // With one slot a token, a leak would make this the busy refusal.
      const answer = await fetch(`${origin}/now`, { method: 'POST' });
      expect(await answer.json()).toEqual({ held: true });
    }
  });
});
