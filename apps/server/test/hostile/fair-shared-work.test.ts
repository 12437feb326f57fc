/**
 * Work the server shares among accounts is served fairly (issue: one account's backlog of costly
 * structured chats or multi-megabyte bodies made another account's requests wait behind all of it,
 * or be refused with the rate limit's message). Two real accounts of the fixture seed over real
 * HTTP on the built server: account 1 (`all`) floods, account 2 (`other`) asks for one thing. Each
 * check is by order and counts (how many of the flood were answered before the other account's
 * request), never by a tight clock: under a first-come queue the other account would be answered
 * after most of the flood, with the fair queue after at most one or two of it.
 */
import { BUSY_MESSAGE } from '@assistant-platform/types';
import { MAX_JSON_VALUES } from '@assistant-platform/types/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, stopAllServers } from '../helpers/cli-process.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { largeCreate, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { type HostileServer, startHostileServer } from './hostile-server.js';
import { type Answer, call } from './http-probe.js';

const A = TEST_TOKENS.all;
const B = TEST_TOKENS.other;

/** A schema whose pattern backtracks: the engine spends its whole run budget on it, then answers 400. */
const backtracking = testChatBody({
  response_format: {
    type: 'json_schema',
    json_schema: { name: 'x', schema: { type: 'string', pattern: '^(a+)+$', const: `${'a'.repeat(30)}!` } },
  },
});
const structured = testChatBody({
  response_format: {
    type: 'json_schema',
    json_schema: {
      name: 'summary',
      schema: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
    },
  },
});

/** Sends requests at once and records the order their answers arrive in. */
function flood(count: number, send: () => Promise<Answer>) {
  const order: number[] = [];
  const answers = Array.from({ length: count }, (_, i) =>
    send().then((answer) => {
      order.push(i);
      return answer;
    }),
  );
  return { answers, answered: () => order.length, first: Promise.race(answers) };
}

const chat = (origin: string, token: string, body: unknown, timeoutMs = 60_000) =>
  call(origin, 'POST', '/v1/agents/chat/request', body, { token, timeoutMs });

describe('fair shared work between accounts', { timeout: 300_000 }, () => {
  let server: HostileServer;
  beforeAll(async () => {
    ensureBuilt();
    server = await startHostileServer({
      ENGINE_WORKERS: '2',
      ENGINE_TASK_TIMEOUT_MS: '3000',
      // The per-token in-flight limit and the account's admission out of the way: the queue's own
      // bound is under test.
      MAX_HEAVY_REQUESTS_PER_TOKEN: '50',
      ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '100',
      ACCOUNT_MAX_BODY_BYTES_IN_FLIGHT: String(100 * 1024 * 1024),
      WORK_DEADLINE_MS: '100000',
    });
  }, 120_000);
  afterAll(stopAllServers);

  it("answers another account's structured chat before one account's queued flood, and refuses the flood's overflow as busy", async () => {
    // Two engine threads: account 1 runs on one, 8 more of its tasks may wait (per token), the rest
    // of its 11 are refused at once.
    // Its 9 accepted tasks run one after another, each to its budget and then a new thread: on a
    // loaded machine a new thread, which runs below the event loop's priority, takes seconds to
    // start, so the last of them may come minutes later; only the order is under test.
    const attack = flood(11, () => chat(server.origin, A, backtracking, 240_000));
    // The flood's first answer is a refusal or its first task's end: by then all 11 have arrived.
    await attack.first;
    const other = await chat(server.origin, B, structured);
    const answeredBefore = attack.answered();
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expectMatchesContract('chatRequest', 200, other.body);

    const answers = await Promise.all(attack.answers);
    const busy = answers.filter((answer) => answer.status === 429);
    expect(busy).toHaveLength(2);
    for (const refused of busy) {
      expect(refused.body).toEqual({ success: false, message: BUSY_MESSAGE });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expectMatchesContract('chatRequest', 429, refused.body);
    }
    // The 9 accepted tasks each end at the run budget with the 400 naming the schema.
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(9);
    // First come, first served, the other account would have waited for 8 of them (after the two
    // refusals); served in turn, it waited for at most the one running and the one after it.
    expect(answeredBefore - busy.length).toBeLessThanOrEqual(2);
  });

  it("parses another account's large body before one account's queued flood of 3 MB bodies, never refusing it", async () => {
    // As costly to parse as a body may be: just under the contract's value limit (a million empty
    // objects would be refused by the scan before parsing), each value an object or a string.
    const hostile = JSON.stringify({
      name: 'a',
      instruction: 'b',
      tools: Array.from({ length: (MAX_JSON_VALUES - 10) / 2 }, () => ({ k: 'x'.repeat(55) })),
    });
    expect(hostile.length).toBeGreaterThan(2_900_000);
    const large = largeCreate();
    expect(JSON.stringify(large).length).toBeGreaterThan(150_000);

    const attack = flood(24, () =>
      call(server.origin, 'POST', '/v1/agents/create', hostile, { token: A, timeoutMs: 90_000 }),
    );
    await attack.first;
    const created = await call(server.origin, 'POST', '/v1/agents/create', large, {
      token: B,
      timeoutMs: 90_000,
    });
    const answeredBefore = attack.answered();
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const answers = await Promise.all(attack.answers);
    expect(answers.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);
    // First come, first served, it would have waited behind most of the 24 bodies on both threads.
    expect(answeredBefore).toBeLessThan(12);
  });
});

describe('the deadline of queued work', { timeout: 120_000 }, () => {
  let server: HostileServer;
  beforeAll(async () => {
    ensureBuilt();
    server = await startHostileServer({
      ENGINE_WORKERS: '1',
      // A run budget far beyond the deadline: only the deadline can answer these in time.
      ENGINE_TASK_TIMEOUT_MS: '120000',
      WORK_DEADLINE_MS: '1500',
      MAX_HEAVY_REQUESTS_PER_TOKEN: '10',
    });
  }, 120_000);
  afterAll(stopAllServers);

  it('answers 503 with Retry-After once a task passes its deadline, running or still queued', async () => {
    // One thread: the first task runs, the other two wait; all three pass their deadline.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => chat(server.origin, A, backtracking, 60_000)),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body).toEqual({ success: false, message: 'Service unavailable' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // The terminated thread is replaced: the server still answers a chat on a worker.
    const after = await chat(server.origin, B, structured, 60_000);
    expect([200, 503]).toContain(after.status);
  });
});
