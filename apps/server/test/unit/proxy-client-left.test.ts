/**
 * The proxy cancels its call to the target when its client has gone, also when the client left
 * before the proxy's route ran (while the request waited for its admission, say: with Redis that
 * is a round trip). Over real HTTP, with the proxy's real route and HTTP client in front of a
 * plain Node server that takes requests and never answers. A call left going would hold a
 * connection to the target until the proxy's timeout, for a client that is no longer there.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContractValidator } from '@assistant-platform/types/validation';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Violations } from '../../src/admin/violations.js';
import { createBodyPool } from '../../src/pipeline/body/body-pool.js';
import { registerProxyRoutes } from '../../src/proxy/proxy-route.js';
import { createTargetClient } from '../../src/proxy/target-client.js';
import { sendAndLeave } from '../helpers/leaving-client.js';

/** What the target received, and which of those requests' connections have closed since. */
const received: IncomingMessage[] = [];
const closedAtTarget: string[] = [];
const target = createServer((request) => {
  received.push(request);
  request.socket.once('close', () => closedAtTarget.push(request.url ?? ''));
});

let proxy: FastifyInstance;
let origin: string;
/** How each proxied request ended, by the name of the error its route threw. */
const ended: string[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const targetOrigin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  proxy = Fastify();
  // Stands for a stage that awaits before the route (admission with Redis): it ends once the client has gone.
  proxy.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers['x-leave-first'] !== undefined) await once(reply.raw, 'close');
  });
  proxy.setErrorHandler((error: Error, _request, reply) => {
    ended.push(error.name);
    reply.hijack();
  });
  const bodies = createBodyPool({ chatModels: [], deadlineMs: 60_000, workerNice: 0, onError: () => {} });
  proxy.addHook('onClose', () => bodies.close());
  const client = createTargetClient(
    { target: `${targetOrigin}/v1`, timeoutMs: 60_000, redactHeaders: [], redactQuery: [] },
    { warn: () => {} },
  );
  proxy.addHook('onClose', () => client.close());
  await registerProxyRoutes(proxy, {
    target: client,
    validator: new ContractValidator(),
    bodies,
    recorder: undefined,
    violations: new Violations(),
  });
  await proxy.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
  await proxy.close();
});

describe('the proxy, when its client has gone', { timeout: 60_000 }, () => {
  it('cancels the call it is making to the target', async () => {
    await sendAndLeave(`${origin}/v1/agents/agent_held`, {
      until: () => expect.poll(() => received.length).toBe(1),
    });
    await expect.poll(() => closedAtTarget).toContain('/v1/agents/agent_held');
    await expect.poll(() => ended).toEqual(['AbortError']);
  });

  it('makes no call to the target when the client left before the route ran', async () => {
    const waited = received.length;
    await sendAndLeave(`${origin}/v1/agents/agent_gone`, { headers: { 'x-leave-first': '1' } });
    await expect.poll(() => ended).toEqual(['AbortError', 'AbortError']);
    // Had the call gone out, the target would have it: give it what a real call takes, and more.
    const control = httpRequest(`${origin}/v1/agents/agent_after`, { agent: false });
    control.on('error', () => {});
    control.end();
    await expect.poll(() => received.map((request) => request.url)).toContain('/v1/agents/agent_after');
    control.destroy();
    expect(received.slice(waited).map((request) => request.url)).toEqual(['/v1/agents/agent_after']);
  });
});
