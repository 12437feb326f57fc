/**
 * Hostile bodies: malformed Unicode, prototype keys and deep nesting inside JSON-string fields,
 * non-object tools and content blocks. Each answer is the contract's 400 naming the field, and the
 * server keeps answering `/healthz`.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { useHostileServer } from './hostile-server.js';
import { call, expectHealthy, expectIssueAt } from './http-probe.js';

const server = useHostileServer();
const create = (body: unknown) => call(server().origin, 'POST', '/v1/agents/create', body);
const chat = (body: unknown) => call(server().origin, 'POST', '/v1/agents/chat/request', body);
const LONE_SURROGATE = /surrogate|well-formed/i;

/** The message of the first issue at `path`. */
const messageAt = (body: { errors: { path: string; message: string }[] }, path: string) =>
  body.errors.find((issue) => issue.path === path || issue.path.startsWith(`${path}/`))?.message;

describe('hostile bodies', { timeout: 60_000 }, () => {
  it('a lone surrogate in a value → 400 naming the field', async () => {
    const res = await create('{"name":"a","instruction":"b","description":"ok \\ud800 ok"}');
    expectIssueAt(res, '/description');
    expectMatchesContract('createAgent', 400, res.body);
    expect(messageAt(res.body, '/description')).toMatch(LONE_SURROGATE);
    await expectHealthy(server().origin);
  });

  it('a lone surrogate in a key → 400 naming where the key is', async () => {
    const res = await create(
      '{"name":"a","instruction":"b","tools":[{"type":"function","function":{"name":"f",' +
        '"parameters":{"type":"object","properties":{"\\udfff":{"type":"string"}}}}}]}',
    );
    expectIssueAt(res, '/tools/0/function/parameters/properties', { prefix: true });
    expectMatchesContract('createAgent', 400, res.body);
    expect(messageAt(res.body, '/tools/0/function/parameters/properties')).toMatch(LONE_SURROGATE);
  });

  it('a lone surrogate inside the JSON string of memoryChat → 400 naming memoryChat', async () => {
    const memory = '[{"role":"user","content":[{"type":"text","text":"\\ud800"}]}]';
    const res = await chat(testChatBody({ memoryChat: memory }));
    expectIssueAt(res, '/memoryChat', { prefix: true });
    expectMatchesContract('chatRequest', 400, res.body);
    expect(messageAt(res.body, '/memoryChat')).toMatch(LONE_SURROGATE);
  });

  it('a tools string holding a __proto__ key → 400, never 500', async () => {
    const res = await create({
      name: 'a',
      instruction: 'b',
      tools: '[{"type":"svc_tool","svc_tool":"web_search_tool","__proto__":{"polluted":true}}]',
    });
    expectIssueAt(res, '/tools', { prefix: true });
    expectMatchesContract('createAgent', 400, res.body);
    await expectHealthy(server().origin);
  });

  it('a tools string holding constructor.prototype → 400', async () => {
    const res = await create({
      name: 'a',
      instruction: 'b',
      tools: '[{"constructor":{"prototype":{"polluted":true}}}]',
    });
    expectIssueAt(res, '/tools', { prefix: true });
    expectMatchesContract('createAgent', 400, res.body);
  });

  it('a tools string nested 5000 deep → 400, never 500', async () => {
    const res = await create({
      name: 'a',
      instruction: 'b',
      tools: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    });
    expectIssueAt(res, '/tools', { prefix: true });
    expectMatchesContract('createAgent', 400, res.body);
    await expectHealthy(server().origin);
  });

  it('a reasoning string nested deep → 400 naming reasoning', async () => {
    const res = await chat(testChatBody({ reasoning: `${'{"a":'.repeat(400)}1${'}'.repeat(400)}` }));
    expectIssueAt(res, '/reasoning', { prefix: true });
    expectMatchesContract('chatRequest', 400, res.body);
  });

  it('tools: [null, 0, false, "x"] → 400 naming each of /tools/0 … /tools/3', async () => {
    const res = await create({ name: 'a', instruction: 'b', tools: [null, 0, false, 'x'] });
    expectMatchesContract('createAgent', 400, res.body);
    for (const index of [0, 1, 2, 3]) expectIssueAt(res, `/tools/${index}`, { prefix: true });
  });

  it('the same tools as a JSON string → 400 naming the items, not 500', async () => {
    const res = await create({ name: 'a', instruction: 'b', tools: '[null, 0, false, "x"]' });
    expectIssueAt(res, '/tools', { prefix: true });
    expectMatchesContract('createAgent', 400, res.body);
  });

  it('a null or non-object content block → 400 naming /message/content/0', async () => {
    for (const block of [null, 7, 'text', [{ type: 'text', text: 'x' }]]) {
      const res = await chat(testChatBody({ message: { role: 'user', content: [block] } }));
      expectIssueAt(res, '/message/content/0', { prefix: true });
      expectMatchesContract('chatRequest', 400, res.body);
    }
    await expectHealthy(server().origin);
  });

  it('after an accepted create with hostile-looking but valid strings, GET answers a contract-valid agent', async () => {
    const created = await create({
      name: '\u{1F600} "quoted" <b>',
      instruction: 'constructor prototype __proto__ \u2028',
      intents: ['__proto__'],
      tools: JSON.stringify([{ type: 'svc_tool', svc_tool: 'web_search_tool' }]),
    });
    expect(created.status).toBe(201);
    expectMatchesContract('createAgent', 201, created.body);
    const view = await call(server().origin, 'GET', `/v1/agents/view/${created.body.data.id}`);
    expect(view.status).toBe(200);
    expectMatchesContract('getAgent', 200, view.body);
    expect(view.body.data.tools).toEqual([{ type: 'svc_tool', svc_tool: 'web_search_tool' }]);
  });

  it('a body over 10 MiB → 400 before it is read, and the server stays up', async () => {
    // Only the start of the body is sent: the declared length alone must get the answer. (The server
    // then closes the connection, so a client still writing the rest would see its write fail.)
    const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const request = httpRequest(`${server().origin}/v1/agents/create`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TEST_TOKENS.all}`,
          'content-type': 'application/json',
          'content-length': String(10 * 1024 * 1024 + 1),
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
        });
      });
      request.on('error', reject);
      request.write('{"name":"a","instruction":"b","description":"');
    });
    expect(answer.status).toBe(400);
    expectMatchesContract('createAgent', 400, answer.body);
    await expectHealthy(server().origin);
  });
});
