/**
 * The proxy stays under the target's `/v1` and forwards what its README promises. A path with dot
 * segments (plain or percent-encoded), a backslash or an encoded separator answers 400 with the
 * error envelope and reaches nothing (the target, which records every request it gets, saw none);
 * the contract's header parameters are checked like the rest (an invalid `Idempotency-Key` is a
 * violation); and every method Node's HTTP parser reads, QUERY and PROPFIND included, is forwarded
 * with its body and answered with the proxy's `Via`.
 */
import { METHODS } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { type RunningApp, rawRequest, sendJson, startApp, startScriptedTarget } from '../helpers/proxy.js';
import { serverModule } from '../helpers/server-module.js';

describe('paths that would leave /v1', () => {
  let target: Awaited<ReturnType<typeof startScriptedTarget>>;
  let proxy: RunningApp;
  beforeAll(async () => {
    target = await startScriptedTarget({});
    proxy = await startApp({ PROXY_TARGET: target.baseUrl });
  });
  afterAll(async () => {
    await proxy.close();
    await target.close();
  });

  it.each([
    '/v1/../_admin/state',
    '/v1/%2e%2e/_admin/state',
    '/v1/%2E%2E/_admin/state',
    '/v1/.%2e/_admin/state',
    '/v1/%2e./_admin/state',
    '/v1/agents/../../_admin/state',
    '/v1/agents/./../../_admin/state?x=1',
    '/v1/..\\_admin/state',
    '/v1/..%2f_admin/state',
    '/v1/..%5C_admin/state',
    '/v1/agents/%2e',
  ])('%s answers 400 with the envelope and reaches nothing', async (path) => {
    const answer = await rawRequest(proxy.origin, { path });
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
    expect(JSON.parse(answer.body.toString())).toMatchObject({ success: false, errors: [{ path: 'path' }] });
    expect(target.received).toEqual([]);
  });

  it('still forwards a path whose dots are part of a segment', async () => {
    const answer = await rawRequest(proxy.origin, { path: '/v1/agents/view/1..2' });
    expect(answer.status).toBe(404);
    expect(target.received.map((sent) => sent.url)).toEqual(['/v1/agents/view/1..2']);
  });
});

describe('methods and header parameters', () => {
  let target: Awaited<ReturnType<typeof startScriptedTarget>>;
  let proxy: RunningApp;
  beforeAll(async () => {
    const echo = (request: { method?: string }, response: Parameters<typeof sendJson>[0], body: Buffer) =>
      sendJson(response, 200, { method: request.method, body: body.toString() });
    target = await startScriptedTarget(
      Object.fromEntries(METHODS.map((method) => [`${method} /v1/things/1`, echo])),
    );
    proxy = await startApp({ PROXY_TARGET: target.baseUrl });
  });
  afterAll(async () => {
    await proxy.close();
    await target.close();
  });
  beforeEach(() => {
    target.received.length = 0;
  });

  const json = { 'content-type': 'application/json' };

  it.each(['QUERY', 'PROPFIND'])('forwards %s with its body, and answers with Via', async (method) => {
    const answer = await rawRequest(proxy.origin, {
      method,
      path: '/v1/things/1',
      body: '{"q":1}',
      headers: json,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.via).toBe('1.1 assistant-server');
    expect(JSON.parse(answer.body.toString())).toEqual({ method, body: '{"q":1}' });
    expect(target.received.map((sent) => sent.method)).toEqual([method]);
  });

  it('forwards every method Node reads but CONNECT', async () => {
    const methods = METHODS.filter((method) => method !== 'CONNECT');
    for (const method of methods) {
      const answer = await rawRequest(proxy.origin, { method, path: '/v1/things/1', headers: json });
      expect([method, answer.status, answer.headers.via]).toEqual([method, 200, '1.1 assistant-server']);
    }
    expect(target.received.map((sent) => sent.method)).toEqual(methods);
  });

  it('answers a QUERY without Content-Type 400 with the envelope, as RFC 10008 asks, and forwards nothing', async () => {
    const answer = await rawRequest(proxy.origin, { method: 'QUERY', path: '/v1/things/1', body: '{"q":1}' });
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
    expect(JSON.parse(answer.body.toString())).toMatchObject({
      success: false,
      errors: [{ path: 'header.content-type', message: 'is required with a body' }],
    });
    expect(target.received).toEqual([]);
  });
});

describe('header parameters against a reference server', () => {
  it('flags an invalid Idempotency-Key as a violation of the request', async () => {
    const target = await serverModule.startReferenceServer();
    const proxy = await startApp({ PROXY_TARGET: target.baseUrl });
    try {
      const send = (key: string) =>
        fetch(`${proxy.origin}/v1/agents/create`, {
          method: 'POST',
          headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ name: 'Keyed', instruction: 'Be brief.' }),
        });
      expect((await send('a-valid-key')).status).toBe(201);
      expect((await proxy.journal())[0]?.violations).toEqual([]);
      expect((await send('has a space')).status).toBe(400);
      const [entry] = await proxy.journal();
      expect(entry?.violations).toEqual([
        expect.objectContaining({
          rule: 'request-parameters',
          issues: [expect.objectContaining({ path: 'header.idempotency-key' })],
        }),
      ]);
      expect((await proxy.violations()).groups).toEqual([
        expect.objectContaining({ operationId: 'createAgent', rule: 'request-parameters', count: 1 }),
      ]);
    } finally {
      await proxy.close();
      await target.close();
    }
  });
});
