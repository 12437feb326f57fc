/**
 * Fault rules of `/_admin/faults` applied to platform requests of a client that knows nothing of
 * them (no `Prefer`), over real connections, and what the journal says of each. Times are asserted
 * as lower bounds only (a loaded machine can only make them later).
 */
import type { FaultRule, FaultRuleInput, JournalEntry } from '@assistant-platform/types/admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { useListeningTestApp } from '../helpers/test-app.js';

const server = useListeningTestApp({ RATE_LIMIT_MAX: '100000' });
const admin = auth(TEST_TOKENS.operator);

async function addRule(rule: FaultRuleInput): Promise<number> {
  const response = await fetch(`${server()}/_admin/faults`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function rules(): Promise<FaultRule[]> {
  const response = await fetch(`${server()}/_admin/faults`, { headers: admin });
  return ((await response.json()) as { data: { faults: FaultRule[] } }).data.faults;
}

async function journal(): Promise<JournalEntry[]> {
  const response = await fetch(`${server()}/_admin/requests`, { headers: admin });
  return ((await response.json()) as { data: { requests: JournalEntry[] } }).data.requests;
}

const getAgent = (token: string = TEST_TOKENS.all, headers: Record<string, string> = {}) =>
  fetch(`${server()}/v1/agents/view/1`, { headers: { ...auth(token), ...headers } });

const chat = (body: object = testChatBody({ stream: true })) =>
  fetch(`${server()}/v1/agents/chat/request`, {
    method: 'POST',
    headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeEach(async () => {
  await fetch(`${server()}/_admin/faults`, { method: 'DELETE', headers: admin });
  await fetch(`${server()}/_admin/requests`, { method: 'DELETE', headers: admin });
});

describe('a fault rule', () => {
  it('answers its code to the requests it matches, as many times as it says, then steps aside', async () => {
    const id = await addRule({
      match: { method: 'GET', path: '/v1/agents/*' },
      fault: { code: 503 },
      times: 1,
    });
    const failed = await getAgent();
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('1');
    expect(await failed.json()).toEqual({ success: false, message: 'Service unavailable' });
    expect((await getAgent()).status).toBe(200);

    const [second, first] = await journal();
    expect(first).toMatchObject({ status: 503, fault: { source: 'rule', ruleId: id, fault: { code: 503 } } });
    expect(second).toMatchObject({ status: 200, fault: null });
    expect(await rules()).toMatchObject([{ id, fired: 1 }]);
  });

  it('uses the platform’s own envelope for a status the platform declares', async () => {
    await addRule({ match: { path: '/v1/agents/view/1' }, fault: { code: 404 } });
    const response = await getAgent();
    expect(response.status).toBe(404);
    expectMatchesContract('getAgent', 404, await response.json());
  });

  it('matches the token’s name: other callers are not affected', async () => {
    await addRule({ match: { tokenName: 'read' }, fault: { code: 500 } });
    expect((await getAgent(TEST_TOKENS.read)).status).toBe(500);
    expect((await getAgent(TEST_TOKENS.all)).status).toBe(200);
  });

  it('gives way to the request’s own Prefer header', async () => {
    const id = await addRule({ match: {}, fault: { code: 503 } });
    expect((await getAgent(TEST_TOKENS.all, { prefer: 'code=404' })).status).toBe(404);
    const [entry] = await journal();
    expect(entry?.fault).toEqual({ source: 'prefer', ruleId: null, fault: { code: 404 } });
    expect(await rules()).toMatchObject([{ id, fired: 0 }]);
  });

  it('never touches the admin API, whatever it matches', async () => {
    await addRule({ match: {}, fault: { code: 500 } });
    expect((await fetch(`${server()}/_admin/faults`, { headers: admin })).status).toBe(200);
    expect((await fetch(`${server()}/healthz`)).status).toBe(200);
  });

  it('delays the answer by delayMs', async () => {
    await addRule({ match: { method: 'GET' }, fault: { delayMs: 300 }, times: 1 });
    const started = performance.now();
    expect((await getAgent()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    const [entry] = await journal();
    expect(entry?.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('resets the connection, and the journal says so', async () => {
    await addRule({ match: { method: 'GET' }, fault: { reset: true }, times: 1 });
    await expect(getAgent()).rejects.toThrow();
    expect((await getAgent()).status).toBe(200);
    const entries = await journal();
    expect(entries[1]).toMatchObject({ status: null, outcome: 'reset', fault: { fault: { reset: true } } });
  });

  it('cuts a streamed chat after disconnectAfter events: the journal shows the events sent and how it ended', async () => {
    await addRule({ match: { path: '/v1/agents/chat/request' }, fault: { disconnectAfter: 2 } });
    const response = await chat();
    expect(response.status).toBe(200);
    const text = await response.text().catch(() => 'cut');
    expect(text).not.toContain('[DONE]');
    let entry: JournalEntry | undefined;
    // The journal records the exchange when its connection has closed.
    for (let i = 0; i < 100 && entry === undefined; i++) {
      [entry] = await journal();
      if (entry === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(entry).toMatchObject({ outcome: 'disconnected', fault: { source: 'rule' } });
    expect(entry?.events).toHaveLength(2);
  });

  it('paces a streamed chat (ttftMs, tps) of a client that asked for nothing', async () => {
    await addRule({ match: { method: 'POST' }, fault: { ttftMs: 200, tps: 100 } });
    const started = performance.now();
    const text = await (await chat()).text();
    expect(text).toContain('[DONE]');
    const events = text.split('\n\n').filter((event) => event.trim() !== '').length;
    // The first event after 200 ms, each other one 10 ms after the one before.
    expect(performance.now() - started).toBeGreaterThanOrEqual(200 + (events - 1) * 10 - 20);
  });
});
