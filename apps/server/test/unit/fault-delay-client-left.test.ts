/**
 * A fault's delay (`Prefer: delay=…`, or a rule's) ends as soon as its client has gone, also when
 * the client left before the delay began (while the request waited for its authentication or, with
 * Redis, for its in-flight slot): the delay listened for a `close` that had already come, and held
 * its request, and the token's in-flight slot with it, for the whole delay. Over real HTTP, with
 * the server's fault hook, fault rules and in-flight slots.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultRules } from '../../src/admin/fault-rules.js';
import { faultsPlugin } from '../../src/pipeline/faults/fault-hook.js';
import { inFlightSlots } from '../../src/pipeline/in-flight-limit.js';
import { sendAndLeave } from '../helpers/leaving-client.js';

let app: FastifyInstance;
let origin: string;
/** How each request the fault held ended: the name of the error its delay ended with. */
const ended: string[] = [];

beforeAll(async () => {
  app = Fastify();
  app.decorateRequest('auth', null);
  app.decorateRequest('fault', null);
  app.decorate('inFlight', inFlightSlots(4));
  // Stands for what a request may wait for before its fault applies (authentication, Redis): it
  // ends once the client has gone.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers['x-leave-first'] !== undefined) await once(reply.raw, 'close');
  });
  await app.register(faultsPlugin, { rules: new FaultRules(1) });
  app.setErrorHandler((error: Error, _request, reply) => {
    ended.push(error.name);
    reply.hijack();
  });
  app.post('/v1/agents/create', { config: { operationId: 'createAgent' } }, async () => ({ created: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

/** Sends a create held by a 30 s delay and closes the connection 50 ms after sending it. */
const sendAndLeaveCreate = (headers: Record<string, string>) =>
  sendAndLeave(`${origin}/v1/agents/create`, { headers: { prefer: 'delay=30000', ...headers }, body: '{}' });

describe('a fault’s delay, when its client has gone', { timeout: 60_000 }, () => {
  it('ends when the client leaves during the delay', async () => {
    await sendAndLeaveCreate({});
    // Well before the delay's 30 s.
    await expect.poll(() => ended, { timeout: 10_000 }).toEqual(['AbortError']);
  });

  it('ends at once when the client left before the delay began', async () => {
    await sendAndLeaveCreate({ 'x-leave-first': '1' });
    await expect.poll(() => ended, { timeout: 10_000 }).toEqual(['AbortError', 'AbortError']);
  });
});
