/**
 * What a request holds while it runs is given back when its client leaves, whether the client left
 * while it was being taken or before (while the request awaited its authentication, say): a
 * token's in-flight slot and an account's admission count, over real HTTP, each with room for one
 * request. A leak would refuse the next request with the busy answer, so clients that leave at
 * once could lock their token or account out.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccountAdmission } from '../../src/pipeline/account-admission.js';
import { type InFlightSlots, inFlightSlots } from '../../src/pipeline/in-flight-limit.js';
import { sendAndLeave } from '../helpers/leaving-client.js';

let app: FastifyInstance;
let origin: string;
/** One slot a token (here: a client address, as no one is authenticated). */
const slots: InFlightSlots = inFlightSlots(1);
/** Settles once the request that left has asked for its slot. */
let lateHold: Promise<unknown> = Promise.resolve();
/** How many requests that left were admitted (their route's own hook, run after admission's). */
let admittedLate = 0;

/** The wait of a request whose client leaves meanwhile, as a slow authentication would be. */
const untilGone = async (_request: unknown, reply: FastifyReply) => {
  await once(reply.raw, 'close');
};

beforeAll(async () => {
  app = Fastify();
  registerAccountAdmission(app, { maxRequests: 1, maxBodyBytes: 1_000_000 }, 1_000_000);
  // Admission applies to the platform's operations and the proxy's route: these stand for the latter.
  const config = { proxied: true } as const;
  app.post('/slot/late', async (request, reply) => {
    await once(reply.raw, 'close');
    lateHold = slots.hold(request, reply).then(
      () => 'held',
      (error: Error) => error.message,
    );
    await lateHold;
    return {};
  });
  app.post('/slot/now', async (request, reply) => {
    try {
      await slots.hold(request, reply);
      return { held: true };
    } catch {
      return { held: false };
    }
  });
  app.post(
    '/admitted/late',
    {
      config,
      onRequest: untilGone,
      preParsing: (_request, _reply, payload, done) => {
        admittedLate++;
        done(null, payload);
      },
    },
    async () => ({}),
  );
  app.post('/admitted/now', { config }, async () => ({ admitted: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const leave = (path: string) => sendAndLeave(`${origin}${path}`, { body: '{}' });

describe('what a request holds, when its client left early', { timeout: 60_000 }, () => {
  it('an in-flight slot is given back when the client left before it was asked for', async () => {
    for (let i = 0; i < 3; i++) {
      await leave('/slot/late');
      await expect.poll(() => lateHold).toBe('held');
      const answer = await fetch(`${origin}/slot/now`, { method: 'POST' });
      expect(await answer.json()).toEqual({ held: true });
    }
  });

  it('an admission is given back when the client left before the request was admitted', async () => {
    for (let i = 1; i <= 3; i++) {
      await leave('/admitted/late');
      await expect.poll(() => admittedLate).toBe(i);
      const answer = await fetch(`${origin}/admitted/now`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ admitted: true });
    }
  });
});
