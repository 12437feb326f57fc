/**
 * Editing, disabling and enabling fault rules and chat fixtures (`PATCH /_admin/faults/{id}`,
 * `PATCH /_admin/chat-fixtures/{id}`) over real HTTP, as scenarios that take the instance edits go
 * through (`edit`) and the one platform requests go to (`call`): one server for both in
 * test/routes, two sharing a Redis in test/redis, where an edit through one must apply on the other
 * from its next request. Each scenario starts from an operator's reset and asserts what a client
 * of the platform API sees: its statuses and the chat answers it gets.
 */
import { expect } from 'vitest';
import { type Answer, call } from './admin-matrix-setup.js';
import { expectMatchesAdminContract } from './contract.js';
import { TEST_TOKENS, testChatBody } from './fixtures.js';

export interface Instances {
  edit: string;
  call: string;
}

const asOperator = (origin: string, method: string, path: string, body?: unknown) =>
  call(origin, method, `/_admin${path}`, TEST_TOKENS.operator, body);
const viewAgent = async (origin: string) =>
  (await call(origin, 'GET', '/v1/agents/view/1', TEST_TOKENS.all)).status;
const chatAnswer = async (origin: string) => {
  const answer = await call(origin, 'POST', '/v1/agents/chat/request', TEST_TOKENS.all, testChatBody());
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { data: { request: { message: { content: string } }[] } }).data.request[0]?.message
    .content;
};
const dataOf = <T>(answer: Answer) => (answer.json as { data: T }).data;

async function fresh(instances: Instances): Promise<void> {
  expect((await asOperator(instances.edit, 'POST', '/reset')).status).toBe(200);
}

/** A disabled rule applies to nothing and keeps its place: the rule after it answers meanwhile. */
export async function disableAndEnableARule({ edit, call: to }: Instances): Promise<void> {
  await fresh({ edit, call: to });
  const first = dataOf<{ id: number }>(
    await asOperator(edit, 'POST', '/faults', { match: { path: '/v1/agents/view/*' }, fault: { code: 503 } }),
  );
  await asOperator(edit, 'POST', '/faults', { match: {}, fault: { code: 500 } });
  expect(await viewAgent(to)).toBe(503);

  const disabled = await asOperator(edit, 'PATCH', `/faults/${first.id}`, { enabled: false });
  expect(disabled.status, disabled.text).toBe(200);
  expectMatchesAdminContract('updateFault', 200, disabled.json);
  expect(dataOf(disabled)).toMatchObject({ id: first.id, enabled: false, fired: 1, fault: { code: 503 } });
  expect(await viewAgent(to)).toBe(500);

  await asOperator(edit, 'PATCH', `/faults/${first.id}`, { enabled: true });
  expect(await viewAgent(to)).toBe(503);
  const listed = dataOf<{ faults: { id: number; enabled: boolean; fired: number }[] }>(
    await asOperator(to, 'GET', '/faults'),
  ).faults;
  expect(listed.map(({ id, enabled, fired }) => ({ id, enabled, fired }))).toEqual([
    { id: first.id, enabled: true, fired: 2 },
    { id: first.id + 1, enabled: true, fired: 1 },
  ]);
}

/** An edit replaces what it names, keeps the rest and the count; `times` at the count uses it up. */
export async function editARule({ edit, call: to }: Instances): Promise<void> {
  await fresh({ edit, call: to });
  const added = dataOf<{ id: number; createdAt: string }>(
    await asOperator(edit, 'POST', '/faults', {
      match: { method: 'GET', path: '/v1/agents/view/*' },
      fault: { code: 503 },
      times: 5,
      enabled: false,
    }),
  );
  expect(await viewAgent(to)).toBe(200);
  const edited = await asOperator(edit, 'PATCH', `/faults/${added.id}`, {
    fault: { code: 502 },
    times: null,
    enabled: true,
  });
  expect(dataOf(edited)).toEqual({
    id: added.id,
    accountId: null,
    match: { method: 'GET', path: '/v1/agents/view/*' },
    fault: { code: 502 },
    times: null,
    probability: 1,
    enabled: true,
    fired: 0,
    createdAt: added.createdAt,
  });
  expect(await viewAgent(to)).toBe(502);
  expect(await viewAgent(to)).toBe(502);
  // Two fired: two times left it none.
  await asOperator(edit, 'PATCH', `/faults/${added.id}`, { times: 2 });
  expect(await viewAgent(to)).toBe(200);
  await asOperator(edit, 'PATCH', `/faults/${added.id}`, { times: 3 });
  expect(await viewAgent(to)).toBe(502);
  expect(await viewAgent(to)).toBe(200);
}

/** A bad edit answers 400 naming each bad field, and changes nothing. */
export async function refuseABadEdit({ edit, call: to }: Instances): Promise<void> {
  await fresh({ edit, call: to });
  const rule = dataOf<{ id: number }>(
    await asOperator(edit, 'POST', '/faults', { match: { path: '/v1/agents/view/*' }, fault: { code: 503 } }),
  );
  for (const [body, paths] of [
    [{}, ['']],
    [{ fault: {}, probability: 0, times: 0, colour: 'red' }, ['/colour', '/fault', '/probability', '/times']],
  ] as const) {
    const refused = await asOperator(edit, 'PATCH', `/faults/${rule.id}`, body);
    expect(refused.status).toBe(400);
    expectMatchesAdminContract('updateFault', 400, refused.json);
    const named = (refused.json as { errors: { path: string }[] }).errors.map((issue) => issue.path);
    expect([...new Set(named)].sort()).toEqual([...paths]);
  }
  expect(await viewAgent(to)).toBe(503);
  const fixture = dataOf<{ id: number }>(
    await asOperator(edit, 'POST', '/chat-fixtures', { match: {}, answer: { content: 'Scripted.' } }),
  );
  const pattern = await asOperator(edit, 'PATCH', `/chat-fixtures/${fixture.id}`, {
    match: { messageMatches: '(a)\\1' },
  });
  expect(pattern.status).toBe(400);
  expect((pattern.json as { errors: { path: string }[] }).errors.map((issue) => issue.path)).toEqual([
    '/match/messageMatches',
  ]);
  expect(await chatAnswer(to)).toBe('Scripted.');
}

/** An account's admin edits its account's rules and fixtures only: others' answer 404, unchanged. */
export async function editOnlyOwnRules({ edit, call: to }: Instances): Promise<void> {
  await fresh({ edit, call: to });
  const operators = dataOf<{ id: number }>(
    await asOperator(edit, 'POST', '/faults', { match: { path: '/v1/agents/view/*' }, fault: { code: 503 } }),
  );
  const byAccountTwo = dataOf<{ id: number }>(
    await call(edit, 'POST', '/_admin/faults', TEST_TOKENS.other, { match: {}, fault: { code: 500 } }),
  );
  for (const id of [operators.id, byAccountTwo.id]) {
    const refused = await call(edit, 'PATCH', `/_admin/faults/${id}`, TEST_TOKENS.admin, { enabled: false });
    expect(refused.status).toBe(404);
    expectMatchesAdminContract('updateFault', 404, refused.json);
  }
  expect(await viewAgent(to)).toBe(503);
  const own = dataOf<{ id: number }>(
    await call(edit, 'POST', '/_admin/chat-fixtures', TEST_TOKENS.admin, {
      match: { messageContains: 'parcel' },
      answer: { content: 'Account 1 scripted this.' },
    }),
  );
  const edited = await call(edit, 'PATCH', `/_admin/chat-fixtures/${own.id}`, TEST_TOKENS.admin, {
    answer: { content: 'Account 1 edited this.' },
  });
  expect(dataOf(edited)).toMatchObject({
    id: own.id,
    accountId: 1,
    answer: { content: 'Account 1 edited this.' },
  });
  expect(
    (await call(edit, 'PATCH', `/_admin/chat-fixtures/${own.id}`, TEST_TOKENS.other, { enabled: false }))
      .status,
  ).toBe(404);
}

/** A fixture disabled lets the engine answer; edited and enabled, it answers its new text. */
export async function disableAndEditAFixture({ edit, call: to }: Instances): Promise<void> {
  await fresh({ edit, call: to });
  const fixture = dataOf<{ id: number }>(
    await asOperator(edit, 'POST', '/chat-fixtures', {
      match: { messageContains: 'parcel' },
      answer: { content: 'On its way.' },
    }),
  );
  expect(await chatAnswer(to)).toBe('On its way.');
  const disabled = await asOperator(edit, 'PATCH', `/chat-fixtures/${fixture.id}`, { enabled: false });
  expectMatchesAdminContract('updateChatFixture', 200, disabled.json);
  expect(dataOf(disabled)).toMatchObject({ enabled: false, used: 1 });
  expect(await chatAnswer(to)).not.toBe('On its way.');
  const edited = await asOperator(edit, 'PATCH', `/chat-fixtures/${fixture.id}`, {
    match: { messageMatches: 'par+cel' },
    answer: { content: 'It arrives tomorrow.', finishReason: 'length' },
    times: 2,
    enabled: true,
  });
  expect(dataOf(edited)).toMatchObject({ times: 2, used: 1, match: { messageMatches: 'par+cel' } });
  expect(await chatAnswer(to)).toBe('It arrives tomorrow.');
  // Used twice of its two times: the engine answers again.
  expect(await chatAnswer(to)).not.toBe('It arrives tomorrow.');
}
