/**
 * What the admin matrix (admin-matrix.ts) stands on: its callers and their tokens, HTTP calls, the
 * records each of the two accounts makes before every cell (marked with a secret of its account),
 * and following the journal's live stream as one caller.
 */
import type { JournalEntry, State } from '@assistant-platform/types/admin';
import { expect } from 'vitest';
import { TEST_TOKENS, testChatBody } from './fixtures.js';

export type Caller = 'own' | 'other' | 'operator' | 'platform' | 'none';

export const CALLERS: Caller[] = ['own', 'other', 'operator', 'platform', 'none'];

/** Each caller's token: account 1's admin, account 2's (scope `*`), the operator, a reader, none. */
export const tokenOf: Record<Caller, string | undefined> = {
  own: TEST_TOKENS.admin,
  other: TEST_TOKENS.other,
  operator: TEST_TOKENS.operator,
  platform: TEST_TOKENS.read,
  none: undefined,
};

/** The token each account makes its platform requests with. */
export const accountToken = { 1: TEST_TOKENS.all, 2: TEST_TOKENS.other } as const;

/** A secret in everything each account makes, and in a request no token authenticated. */
export const MARK = { 1: 'acme-secret-7731', 2: 'globex-secret-5519', none: 'nobody-secret-0042' } as const;

export interface Answer {
  status: number;
  text: string;
  json: unknown;
}

export async function call(
  origin: string,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  // The metrics are text; every other answer is JSON.
  const json =
    text === '' || response.headers.get('content-type')?.startsWith('text/plain')
      ? undefined
      : JSON.parse(text);
  return { status: response.status, text, json };
}

/** What each cell's call refers to: the records account 1 and 2 made, and account 1's export. */
export interface Setup {
  agents: Record<1 | 2, number>;
  rules: Record<1 | 2, number>;
  fixtures: Record<1 | 2, number>;
  /** Account 1's state as its admin exports it, without the agent it made. */
  accountOneWithoutAgent: State;
}

const idOf = (answer: Answer) => (answer.json as { data: { id: number } }).data.id;

/**
 * From the start-up state (an operator's reset), each account chats with its secret, creates an
 * agent, and its admin adds a fault rule and a chat fixture; a request without a token carries a
 * third secret. The five journal entries are awaited (shared through Redis, they are appended as
 * their requests end).
 */
export async function setUp(origin: string): Promise<Setup> {
  expect((await call(origin, 'POST', '/_admin/reset', TEST_TOKENS.operator)).status).toBe(200);
  const admins = { 1: TEST_TOKENS.admin, 2: TEST_TOKENS.other } as const;
  const made = { agents: {}, rules: {}, fixtures: {} } as Omit<Setup, 'accountOneWithoutAgent'>;
  for (const account of [1, 2] as const) {
    const secret = MARK[account];
    const text = `${secret}: my card is 4111 1111 1111 1111`;
    const chat = await call(
      origin,
      'POST',
      '/v1/agents/chat/request',
      accountToken[account],
      testChatBody({
        instruction: `Never reveal ${secret}.`,
        message: { role: 'user', content: [{ type: 'text', text }] },
      }),
    );
    expect(chat.status, chat.text).toBe(200);
    const agent = await call(origin, 'POST', '/v1/agents/create', accountToken[account], {
      name: `${secret} agent`,
      instruction: `Keep ${secret} to yourself.`,
    });
    expect(agent.status, agent.text).toBe(201);
    made.agents[account] = idOf(agent);
    const rule = await call(origin, 'POST', '/_admin/faults', admins[account], {
      match: { path: `/v1/${secret}` },
      fault: { code: 500 },
    });
    expect(rule.status, rule.text).toBe(201);
    made.rules[account] = idOf(rule);
    const fixture = await call(origin, 'POST', '/_admin/chat-fixtures', admins[account], {
      match: { messageContains: `${secret} fixture` },
      answer: { content: `${secret} answer` },
    });
    expect(fixture.status, fixture.text).toBe(201);
    made.fixtures[account] = idOf(fixture);
  }
  const refused = await call(origin, 'POST', '/v1/agents/create', undefined, {
    name: MARK.none,
    instruction: 'x',
  });
  expect(refused.status).toBe(401);
  await expect
    .poll(
      async () =>
        (
          (await call(origin, 'GET', '/_admin/requests', TEST_TOKENS.operator)).json as {
            data: { requests: unknown[] };
          }
        ).data.requests.length,
      { timeout: 20_000, interval: 20 },
    )
    .toBe(5);
  const exported = (await call(origin, 'GET', '/_admin/state', TEST_TOKENS.admin)).json as { data: State };
  const agents = (exported.data.agents ?? []).filter((agent) => agent.id !== made.agents[1]);
  return { ...made, accountOneWithoutAgent: { ...exported.data, agents } };
}

/**
 * Follows the live stream as `caller` while both accounts make requests through the other
 * instance, the one the caller must not see first in each round, until its own arrives (the
 * operator: until both have): the entries it got must be its own account's.
 */
export async function readStream(origins: { setup: string; call: string }, caller: Caller): Promise<void> {
  const controller = new AbortController();
  const token = tokenOf[caller] as string;
  const response = await fetch(`${origins.call}/_admin/requests/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  const order = caller === 'other' ? ([1, 2] as const) : ([2, 1] as const);
  const wanted = caller === 'operator' ? [MARK[1], MARK[2]] : [MARK[caller === 'own' ? 1 : 2]];
  const seen: JournalEntry[] = [];
  // The follower subscribes as it connects (through Redis, a moment later): requests are sent
  // until the ones wanted reach it, one round after another.
  let sent = 0;
  let rounds = Promise.resolve();
  const sending = setInterval(() => {
    rounds = rounds.then(async () => {
      for (const account of order) {
        await call(origins.setup, 'GET', `/v1/agents/view/${MARK[account]}`, accountToken[account]);
        sent++;
      }
    });
  }, 50);
  const timeout = setTimeout(() => controller.abort(), 30_000);
  let buffered = '';
  try {
    while (!wanted.every((mark) => seen.some((entry) => entry.path.includes(mark)))) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      let end = buffered.indexOf('\n\n');
      while (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.startsWith('event: request') && data) seen.push(JSON.parse(data.slice(6)) as JournalEntry);
        end = buffered.indexOf('\n\n');
      }
    }
  } finally {
    clearInterval(sending);
    clearTimeout(timeout);
    controller.abort();
    await rounds;
  }
  // Every request sent is in the journal before the next cell resets it (through Redis, entries
  // are appended as their requests end).
  await expect
    .poll(
      async () =>
        (
          (
            await call(origins.setup, 'POST', '/_admin/requests/find', TEST_TOKENS.operator, {
              path: '/v1/agents/view/*',
            })
          ).json as { data: { count: number } }
        ).data.count,
      { timeout: 20_000, interval: 20 },
    )
    .toBe(sent);
  const accounts = [...new Set(seen.map((entry) => entry.token?.accountId))].sort();
  expect(accounts).toEqual(caller === 'operator' ? [1, 2] : [caller === 'own' ? 1 : 2]);
}
