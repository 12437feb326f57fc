/**
 * Proxy mode in front of a reference server standing in for the hosted service: each operation
 * forwarded unchanged (body bytes, the caller's token, the query) and its answer passed back
 * unchanged, a conforming target found free of violations, hop-by-hop headers kept on their hop,
 * a stream passed on event by event, a target that is down or slow answered 502 or 504, and faults
 * applied by the proxy itself.
 */
import { type IncomingMessage, request, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { OPERATION_IDS, OPERATIONS } from '../helpers/operations.js';
import { type RunningApp, readEvents, startApp, startScriptedTarget } from '../helpers/proxy.js';
import { serverModule } from '../helpers/server-module.js';

type ReferenceServer = Awaited<ReturnType<typeof serverModule.startReferenceServer>>;

let target: ReferenceServer;
let proxy: RunningApp;

beforeAll(async () => {
  target = await serverModule.startReferenceServer({ env: { RATE_LIMIT_MAX: '100000' } });
  proxy = await startApp({ PROXY_TARGET: target.baseUrl });
});
afterAll(async () => {
  await proxy.close();
  await target.close();
});
beforeEach(async () => {
  await target.admin.reset();
  await fetch(`${proxy.origin}/_admin/reset`, { method: 'POST', headers: auth(TEST_TOKENS.operator) });
});

const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${proxy.origin}${path}`, { ...init, headers: { ...auth(TEST_TOKENS.all), ...init.headers } });

describe('a conforming target', () => {
  it.each(OPERATION_IDS)(
    '%s is forwarded unchanged and its answer checked and found valid',
    async (operationId) => {
      const { method, url, payload, success } = OPERATIONS[operationId];
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const response = await call(`${url}?trace=1`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          'x-request-id': `proxied-${operationId}`,
        },
        ...(body ? { body } : {}),
      });
      expect(response.status).toBe(success);
      expect(response.headers.get('x-request-id')).toBe(`proxied-${operationId}`);
      expect(response.headers.get('via')).toBe('1.1 assistant-server');
      expectMatchesContract(operationId, success, await response.json());

      const [sent] = await target.admin.requests();
      expect(sent).toMatchObject({
        method,
        path: url,
        query: 'trace=1',
        token: { name: 'all' },
        operationId,
      });
      if (payload !== undefined) expect(sent?.requestBody).toEqual(payload);
      const [entry] = await proxy.journal();
      expect(entry).toMatchObject({
        operationId,
        status: success,
        requestId: `proxied-${operationId}`,
        violations: [],
      });
      expect((await proxy.violations()).total).toBe(0);
    },
  );

  it('passes the answer on byte for byte, with the target’s headers', async () => {
    const direct = await fetch(`${target.baseUrl}/agents/view/1`, { headers: auth(TEST_TOKENS.all) });
    const proxied = await call('/v1/agents/view/1');
    expect(proxied.status).toBe(direct.status);
    expect(await proxied.text()).toBe(await direct.text());
    for (const name of ['content-type', 'ratelimit-limit'])
      expect(proxied.headers.get(name)).toBe(direct.headers.get(name));
  });

  it('checks the target’s refusals too: 401, 404 and a 400 for a bad body (the client’s violation)', async () => {
    expect((await fetch(`${proxy.origin}/v1/agents/view/1`)).status).toBe(401);
    expect((await call('/v1/agents/view/999')).status).toBe(404);
    expect((await call('/v1/nowhere')).status).toBe(404);
    const bad = await call('/v1/agents/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '' }),
    });
    expect(bad.status).toBe(400);
    const [invalid, unknown, missing, unauthorised] = await proxy.journal();
    expect(unauthorised?.violations?.map((v) => v.rule)).toEqual(['request-authorization']);
    expect(missing?.violations).toEqual([]);
    expect(unknown).toMatchObject({ operationId: null, status: 404 });
    expect(unknown?.violations?.map((v) => v.rule)).toEqual(['request-route']);
    expect(invalid?.violations?.map((v) => v.rule)).toEqual(['request-body']);
    expect(invalid?.violations?.[0]?.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['/name', '/instruction']),
    );
  });

  it('forwards a CORS preflight unchecked, and checks a HEAD as the GET it stands for', async () => {
    const preflight = await fetch(`${proxy.origin}/v1/agents/view/1`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect((await call('/v1/agents/view/1', { method: 'HEAD' })).status).toBe(200);
    const [head, options] = await proxy.journal();
    expect(options).toMatchObject({ method: 'OPTIONS', status: 204, violations: null });
    expect(head).toMatchObject({ method: 'HEAD', operationId: 'getAgent', status: 200, violations: [] });
  });

  it('passes a streamed chat on with every event, and checks each', async () => {
    const response = await call('/v1/agents/chat/request', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(testChatBody({ stream: true })),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { events } = await readEvents(response, performance.now());
    expect(events.at(-1)?.text).toBe('data: [DONE]');
    const [entry] = await proxy.journal();
    expect(entry?.violations).toEqual([]);
    expect(entry?.events?.map((event) => `data: ${event.data}`)).toEqual(events.map((event) => event.text));
  });
});

describe('forwarding', () => {
  it('keeps hop-by-hop headers on their hop, names the target as Host and adds Via, both ways', async () => {
    const scripted = await startScriptedTarget({
      'GET /v1/agents/view/1': (_request, response: ServerResponse) => {
        response.writeHead(200, {
          'content-type': 'application/json',
          'x-request-id': 'hop',
          connection: 'x-hop-secret',
          'x-hop-secret': 'target',
          'keep-alive': 'timeout=5',
        });
        response.end('{}');
      },
    });
    const scriptedProxy = await startApp({ PROXY_TARGET: scripted.baseUrl });
    try {
      // node:http, since fetch() refuses to send a Connection header of its own.
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const headers = {
          ...auth(TEST_TOKENS.all),
          connection: 'x-client-secret',
          'x-client-secret': '1',
          via: '1.1 edge',
        };
        request(`${scriptedProxy.origin}/v1/agents/view/1`, { headers })
          .on('response', resolve)
          .on('error', reject)
          .end();
      });
      answer.resume();
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-hop-secret']).toBeUndefined();
      expect(answer.headers.via).toBe('1.1 assistant-server');
      const [sent] = scripted.received;
      expect(sent?.headers['x-client-secret']).toBeUndefined();
      expect(sent?.headers.authorization).toBe(`Bearer ${TEST_TOKENS.all}`);
      expect(sent?.headers.host).toBe(new URL(scripted.baseUrl).host);
      expect(sent?.headers.via).toBe('1.1 edge, 1.1 assistant-server');
    } finally {
      await scriptedProxy.close();
      await scripted.close();
    }
  });

  it('passes each event on as it comes: the client reads the first before the target sends the next', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chunk = JSON.stringify({
      object: 'chat.request.chunk',
      created: 1,
      model: 'm',
      request: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null, matched_stop: null }],
    });
    const scripted = await startScriptedTarget({
      'POST /v1/agents/chat/request': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'slow' });
        response.write(`data: ${chunk}\n\n`);
        released.then(() => response.end('data: [DONE]\n\n'));
      },
    });
    const scriptedProxy = await startApp({ PROXY_TARGET: scripted.baseUrl });
    try {
      const response = await fetch(`${scriptedProxy.origin}/v1/agents/chat/request`, {
        method: 'POST',
        headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
        body: JSON.stringify(testChatBody({ stream: true })),
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      // The target holds [DONE] back until this first event has reached the client.
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toBe(`data: ${chunk}\n\n`);
      release();
      let rest = '';
      for (let read = await reader.read(); !read.done; read = await reader.read())
        rest += new TextDecoder().decode(read.value);
      expect(rest).toBe('data: [DONE]\n\n');
      await expect.poll(async () => (await scriptedProxy.journal())[0]?.violations).toEqual([]);
    } finally {
      await scriptedProxy.close();
      await scripted.close();
    }
  });

  it('answers 502 when the target cannot be reached and 504 when it does not answer in time, and /healthz says so', async () => {
    const scripted = await startScriptedTarget({
      'GET /v1/agents/view/1': () => undefined, // never answers
    });
    const slow = await startApp({ PROXY_TARGET: scripted.baseUrl, PROXY_TIMEOUT_MS: '300' });
    const gone = await startScriptedTarget({});
    await gone.close();
    const down = await startApp({ PROXY_TARGET: gone.baseUrl });
    try {
      const timedOut = await fetch(`${slow.origin}/v1/agents/view/1`, { headers: auth(TEST_TOKENS.all) });
      expect(timedOut.status).toBe(504);
      expect(await timedOut.json()).toEqual({ success: false, message: 'Gateway timeout' });
      const unreachable = await fetch(`${down.origin}/v1/agents/view/1`, { headers: auth(TEST_TOKENS.all) });
      expect(unreachable.status).toBe(502);
      expect(await unreachable.json()).toEqual({ success: false, message: 'Bad gateway' });
      const [entry] = await down.journal();
      expect(entry).toMatchObject({ status: 502, operationId: 'getAgent', violations: [] });

      const healthy = await fetch(`${proxy.origin}/healthz`);
      expect(healthy.status).toBe(200);
      expect(await healthy.json()).toEqual({ status: 'ok', target: { url: target.baseUrl, answers: true } });
      const sick = await fetch(`${down.origin}/healthz`);
      expect(sick.status).toBe(503);
      expect(await sick.json()).toEqual({
        status: 'unavailable',
        target: { url: gone.baseUrl, answers: false },
      });
    } finally {
      await Promise.all([slow.close(), down.close()]);
      await scripted.close();
    }
  });

  it('serves its admin API, docs and contract itself', async () => {
    for (const path of ['/docs', '/openapi.json', '/_admin/openapi.json'])
      expect((await fetch(`${proxy.origin}${path}`)).status, path).toBe(200);
    expect(await proxy.violations()).toEqual({ total: 0, groups: [] });
    expect(await target.admin.requests()).toEqual([]);
  });
});

describe('faults in proxy mode', () => {
  it('a code fault is answered by the proxy, never forwarded, and not checked', async () => {
    const response = await call('/v1/agents/view/1', { headers: { prefer: 'code=503' } });
    expect(response.status).toBe(503);
    expect(await target.admin.requests()).toEqual([]);
    const [entry] = await proxy.journal();
    expect(entry).toMatchObject({
      status: 503,
      fault: { source: 'prefer', fault: { code: 503 } },
      violations: null,
    });
  });

  it('a fault rule delays a forwarded request; the preferences the proxy applied are not forwarded', async () => {
    const added = await fetch(`${proxy.origin}/_admin/faults`, {
      method: 'POST',
      headers: { ...auth(TEST_TOKENS.operator), 'content-type': 'application/json' },
      body: JSON.stringify({ match: { path: '/v1/agents/view/*' }, fault: { delayMs: 50 }, times: 1 }),
    });
    expect(added.status).toBe(201);
    expect((await call('/v1/agents/view/1')).status).toBe(200);
    expect(
      (await call('/v1/agents/view/1', { headers: { prefer: 'delay=10, return=minimal' } })).status,
    ).toBe(200);
    const [preferred, ruled] = await proxy.journal();
    expect(ruled?.fault).toMatchObject({ source: 'rule', fault: { delayMs: 50 } });
    expect(preferred?.fault).toMatchObject({ source: 'prefer', fault: { delayMs: 10 } });
    const [sent] = await target.admin.requests();
    expect(sent?.requestHeaders.prefer).toBe('return=minimal');
  });

  it('drop-answer forwards the request, and the client never gets the answer', async () => {
    await expect(
      call('/v1/agents/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'drop-answer' },
        body: JSON.stringify({ name: 'Dropped', instruction: 'x' }),
      }),
    ).rejects.toThrow();
    const [created] = await target.admin.requests();
    expect(created).toMatchObject({ operationId: 'createAgent', status: 201 });
    await expect
      .poll(async () => (await proxy.journal())[0])
      .toMatchObject({ outcome: 'reset', violations: [] });
  });

  it('disconnect-after cuts the forwarded stream after N events', async () => {
    const response = await call('/v1/agents/chat/request', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'disconnect-after=2' },
      body: JSON.stringify(testChatBody({ stream: true })),
    });
    const { events } = await readEvents(response, performance.now());
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.text.startsWith('data: {'))).toBe(true);
    await expect.poll(async () => (await proxy.journal())[0]?.outcome).toBe('disconnected');
  });
});
