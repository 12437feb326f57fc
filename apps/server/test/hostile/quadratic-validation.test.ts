/**
 * Arrays far over their `maxItems`: the limit must be checked before the items (and before
 * `uniqueItems`, which is quadratic), so the answer is a quick 400 naming the array and the server
 * keeps answering `/healthz` meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { testChatBody } from '../helpers/fixtures.js';
import { useHostileServer } from './hostile-server.js';
import { call, expectIssueAt, whileWatchingHealth } from './http-probe.js';

const server = useHostileServer();

/** `[{},{},…]` with `count` items, built as text (3 MB for a million). */
const emptyObjects = (count: number) => `[${Array.from({ length: count }, () => '{}').join(',')}]`;
const ones = (count: number) => `[${Array.from({ length: count }, () => '1').join(',')}]`;
const chatWith = (field: string, arrayText: string) => {
  const base = JSON.stringify(testChatBody({ [field]: null }));
  return base.replace(`"${field}":null`, `"${field}":${arrayText}`);
};
const messageWith = (arrayText: string) =>
  JSON.stringify(testChatBody({ message: { role: 'user', content: null } })).replace(
    '"content":null',
    `"content":${arrayText}`,
  );

const CASES: {
  name: string;
  path: string;
  url: string;
  op: 'createAgent' | 'chatRequest';
  body: () => string;
}[] = [
  {
    name: '40,000 {} in tools',
    path: '/tools',
    url: '/v1/agents/create',
    op: 'createAgent',
    body: () => `{"name":"a","instruction":"b","tools":${emptyObjects(40_000)}}`,
  },
  {
    name: '1,000,000 {} in tools',
    path: '/tools',
    url: '/v1/agents/create',
    op: 'createAgent',
    body: () => `{"name":"a","instruction":"b","tools":${emptyObjects(1_000_000)}}`,
  },
  {
    name: '1,000,000 {} in memoryChat',
    path: '/memoryChat',
    url: '/v1/agents/chat/request',
    op: 'chatRequest',
    body: () => chatWith('memoryChat', emptyObjects(1_000_000)),
  },
  {
    name: '1,000,000 {} in message.content',
    path: '/message/content',
    url: '/v1/agents/chat/request',
    op: 'chatRequest',
    body: () => messageWith(emptyObjects(1_000_000)),
  },
  {
    name: '1,000,000 equal ids in agents (uniqueItems)',
    path: '/agents',
    url: '/v1/agents/chat/request',
    op: 'chatRequest',
    body: () => chatWith('agents', ones(1_000_000)),
  },
  {
    name: '1,000,000 {} in agents (uniqueItems over objects)',
    path: '/agents',
    url: '/v1/agents/chat/request',
    op: 'chatRequest',
    body: () => chatWith('agents', emptyObjects(1_000_000)),
  },
];

describe('arrays far over maxItems', { timeout: 60_000 }, () => {
  it.each(CASES)('$name → 400 naming $path, /healthz responsive', async ({ path, url, op, body }) => {
    const text = body();
    const res = await whileWatchingHealth(server().origin, () =>
      call(server().origin, 'POST', url, text, { timeoutMs: 20_000 }),
    );
    expectIssueAt(res, path);
    expectMatchesContract(op, 400, res.body);
    expect(res.body.errors.length).toBeLessThanOrEqual(50);
  });

  it('the same tools as a JSON string → 400 naming /tools', async () => {
    const tools = emptyObjects(1_000_000);
    const res = await whileWatchingHealth(server().origin, () =>
      call(server().origin, 'POST', '/v1/agents/create', { name: 'a', instruction: 'b', tools }),
    );
    expectIssueAt(res, '/tools', { prefix: true });
    expectMatchesContract('createAgent', 400, res.body);
  });

  it('several at once still leave /healthz responsive', async () => {
    const text = CASES[1]!.body();
    const answers = await whileWatchingHealth(server().origin, () =>
      Promise.all(
        Array.from({ length: 4 }, () =>
          call(server().origin, 'POST', '/v1/agents/create', text, { timeoutMs: 30_000 }),
        ),
      ),
    );
    for (const res of answers) expectIssueAt(res, '/tools');
  });
});
