/**
 * Proxy mode in front of a target that breaks the contract on purpose, one way per path: each
 * break is reported once, with its rule, on the request's journal entry and in the summary of
 * GET /_admin/violations (grouped by operation and rule, counted, with an example), which DELETE
 * and a reset empty.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectMatchesAdminContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import {
  agent,
  type RunningApp,
  readEvents,
  sendJson,
  startApp,
  startScriptedTarget,
} from '../helpers/proxy.js';

const found = { success: true, message: 'Agents retrieved successfully', data: agent };
const chunk = (content: string) =>
  `data: ${JSON.stringify({
    object: 'chat.request.chunk',
    created: 1,
    model: 'm',
    request: [{ index: 0, delta: { content }, finish_reason: null, matched_stop: null }],
  })}\n\n`;
const stream = (response: ServerResponse, events: string[]) => {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'target-stream' });
  response.end(events.join(''));
};

/** What the target answers, by the agent (see idOf) or the chat message the test asks for. */
const breaks: Record<string, (response: ServerResponse) => void> = {
  valid: (response) => sendJson(response, 200, found),
  'wrong-envelope': (response) => sendJson(response, 200, { agent }),
  'undeclared-status': (response) => sendJson(response, 418, { success: false, message: 'I am a teapot' }),
  'bad-body': (response) => sendJson(response, 200, { ...found, data: { ...agent, id: 'one' } }),
  'no-request-id': (response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found));
  },
  'html-error': (response) => {
    response.writeHead(500, { 'content-type': 'text/html', 'x-request-id': 'html' });
    response.end('<h1>Oops</h1>');
  },
  'bad-event': (response) =>
    stream(response, [chunk('a'), 'data: {"object":"chat.request.chunk"}\n\n', 'data: [DONE]\n\n']),
  'no-done': (response) => stream(response, [chunk('a'), chunk('b')]),
  'complete-stream': (response) => stream(response, [chunk('a'), 'data: [DONE]\n\n']),
};

/** Agent ids are numbers: each break has its own. */
const idOf = (name: string) => Object.keys(breaks).indexOf(name) + 1;

let target: Awaited<ReturnType<typeof startScriptedTarget>>;
let proxy: RunningApp;

beforeAll(async () => {
  const routes: Parameters<typeof startScriptedTarget>[0] = {
    'POST /v1/agents/chat/request': (_request, response, body) => {
      const text = JSON.parse(body.toString()).message.content[0].text as string;
      breaks[text]?.(response);
    },
    'POST /v1/agents/create': (_request, response) =>
      sendJson(response, 400, { success: false, message: 'Invalid input provided', errors: [] }),
  };
  for (const name of Object.keys(breaks))
    routes[`GET /v1/agents/view/${idOf(name)}`] = (_request, response) => breaks[name]?.(response);
  target = await startScriptedTarget(routes);
  proxy = await startApp({ PROXY_TARGET: target.baseUrl });
});
afterAll(async () => {
  await proxy.close();
  await target.close();
});
beforeEach(async () => {
  await fetch(`${proxy.origin}/_admin/reset`, { method: 'POST', headers: auth(TEST_TOKENS.operator) });
});

const get = (name: string) =>
  fetch(`${proxy.origin}/v1/agents/view/${idOf(name)}`, { headers: auth(TEST_TOKENS.all) });
const chat = (name: string) =>
  fetch(`${proxy.origin}/v1/agents/chat/request`, {
    method: 'POST',
    headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
    body: JSON.stringify(
      testChatBody({ stream: true, message: { role: 'user', content: [{ type: 'text', text: name }] } }),
    ),
  });

/** The violations of the newest journal entry, once the exchange is over. */
async function lastViolations() {
  let violations:
    | { rule: string; message: string; issues: { path: string; message: string }[] }[]
    | null
    | undefined;
  await expect
    .poll(async () => {
      violations = (await proxy.journal())[0]?.violations;
      return violations;
    })
    .not.toBeNull();
  return violations ?? [];
}

describe('each break of the contract is reported once, with its rule', () => {
  it.each([
    ['wrong-envelope', 'response-envelope', 200],
    ['undeclared-status', 'response-status', 418],
    ['bad-body', 'response-body', 200],
    ['no-request-id', 'response-headers', 200],
    ['html-error', 'response-content-type', 500],
  ])('a GET agent answer with %s: %s', async (name, rule, status) => {
    const response = await get(name);
    expect(response.status).toBe(status);
    await response.arrayBuffer();
    const violations = await lastViolations();
    expect(violations.map((v) => v.rule)).toEqual([rule]);
  });

  it('names what is wrong: the field, the status, the header', async () => {
    await (await get('bad-body')).arrayBuffer();
    expect((await lastViolations())[0]?.issues).toEqual([{ path: '/data/id', message: 'must be integer' }]);
    await (await get('undeclared-status')).arrayBuffer();
    expect((await lastViolations())[0]?.message).toMatch(
      /^getAgent does not declare status 418 \(it declares 200, /,
    );
    await (await get('no-request-id')).arrayBuffer();
    expect((await lastViolations())[0]?.issues).toEqual([
      { path: 'header.x-request-id', message: 'is required' },
    ]);
  });

  it.each([
    ['bad-event', 'stream-event'],
    ['no-done', 'stream-end'],
  ])('a streamed chat with %s: %s, while the client gets every event as sent', async (name, rule) => {
    const response = await chat(name);
    const { events } = await readEvents(response, performance.now());
    expect(events.length).toBeGreaterThan(1);
    const violations = await lastViolations();
    expect(violations.map((v) => v.rule)).toEqual([rule]);
    if (rule === 'stream-event') {
      expect(violations[0]?.message).toMatch(/^event 2 of 3 does not match ChatStreamChunk/);
      expect(violations[0]?.issues.map((issue) => issue.path)).toEqual(
        expect.arrayContaining(['/created', '/request']),
      );
    }
  });

  it('finds nothing wrong with a conforming answer or stream', async () => {
    await (await get('valid')).arrayBuffer();
    expect(await lastViolations()).toEqual([]);
    await readEvents(await chat('complete-stream'), performance.now());
    expect(await lastViolations()).toEqual([]);
    expect((await proxy.violations()).total).toBe(0);
  });
});

describe('GET /_admin/violations', () => {
  it('groups by operation and rule with counts and the first as example; DELETE and a reset empty it', async () => {
    for (const name of ['wrong-envelope', 'wrong-envelope', 'bad-body', 'valid'])
      await (await get(name)).arrayBuffer();
    await readEvents(await chat('no-done'), performance.now());
    const invalid = await fetch(`${proxy.origin}/v1/agents/create`, {
      method: 'POST',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    await invalid.arrayBuffer();
    await expect.poll(async () => (await proxy.violations()).total).toBe(5);
    const { groups } = await proxy.violations();
    expect(groups.map((g) => [g.operationId, g.rule, g.count])).toEqual([
      ['chatRequest', 'stream-end', 1],
      ['createAgent', 'request-body', 1],
      ['getAgent', 'response-body', 1],
      ['getAgent', 'response-envelope', 2],
    ]);
    const envelope = groups[3];
    expect(envelope?.example).toMatchObject({
      requestId: 'target-id',
      method: 'GET',
      path: `/v1/agents/view/${idOf('wrong-envelope')}`,
      status: 200,
      issues: [],
    });
    expect(envelope?.example.message).toMatch(/not the envelope/);

    const cleared = await fetch(`${proxy.origin}/_admin/violations`, {
      method: 'DELETE',
      headers: auth(TEST_TOKENS.operator),
    });
    const body = (await cleared.json()) as { data: unknown };
    expectMatchesAdminContract('clearViolations', 200, body);
    expect(body.data).toEqual({ removed: 5 });
    expect(await proxy.violations()).toEqual({ total: 0, groups: [] });
    // The journal keeps each entry's own.
    expect((await proxy.journal())[0]?.violations?.map((v) => v.rule)).toEqual(['request-body']);

    await (await get('bad-body')).arrayBuffer();
    await expect.poll(async () => (await proxy.violations()).total).toBe(1);
    await fetch(`${proxy.origin}/_admin/reset`, { method: 'POST', headers: auth(TEST_TOKENS.operator) });
    expect((await proxy.violations()).total).toBe(0);
  });
});
