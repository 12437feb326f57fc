/**
 * The built server started with Node's own options on its command line, as container images and
 * process managers start Node (`node --max-old-space-size=… cli.js serve`). Node refuses an
 * option that is the whole process's (V8's, or a per-process one like `--title`) in a worker
 * thread's own `execArgv`, and the pools passed theirs that way: every body thread and engine
 * thread failed to start, so every large body and every structured chat answered 500.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, startCli, stopAllServers } from '../helpers/cli-process.js';
import { auth, largeCreate, TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'assistant-node-options-'));
const seedFile = join(dir, 'seed.json');
/** A chat with a JSON schema for its answer: the engine plans it on an engine thread. */
const STRUCTURED_CHAT = testChatBody({
  response_format: {
    type: 'json_schema',
    json_schema: {
      name: 'ticket',
      schema: { type: 'object', properties: { priority: { type: 'string' } }, required: ['priority'] },
    },
  },
});

beforeAll(() => {
  ensureBuilt();
  writeFileSync(seedFile, JSON.stringify(testSeed));
}, 120_000);
afterAll(stopAllServers);

const post = (origin: string, path: string, body: unknown) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the server started with Node options of its own', { timeout: 120_000 }, () => {
  it("runs large bodies and engine tasks on its threads under V8's and per-process options", async () => {
    const { origin } = await startCli(
      ['--seed', seedFile],
      { DATABASE_URL: ':memory:' },
      {
        nodeArgs: [
          '--max-old-space-size=1024',
          '--max-semi-space-size=32',
          '--expose-gc',
          '--title=assistant-server-under-test',
        ],
      },
    );
    const created = await post(origin, '/v1/agents/create', largeCreate());
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const stored = await fetch(`${origin}/v1/agents/view/${id}`, { headers: auth(TEST_TOKENS.all) });
    expect(((await stored.json()) as { data: { tools: unknown[] } }).data.tools).toHaveLength(64);

    const chat = await post(origin, '/v1/agents/chat/request', STRUCTURED_CHAT);
    const answer = (await chat.json()) as { data: { request: { message: { content: string } }[] } };
    expect(chat.status, JSON.stringify(answer)).toBe(200);
    // The answer follows the schema: planned by the engine, not refused.
    expect(JSON.parse(answer.data.request[0]?.message.content ?? '')).toEqual({
      priority: expect.any(String),
    });
  });
});
