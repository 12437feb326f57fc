/**
 * Record and replay with a client that is not Node: Python's standard library sends JSON as
 * `json.dumps` writes it (`", "` and `": "` separators, `\uXXXX` for every non-ASCII character,
 * which is what `requests` and `httpx` send). Recorded through a proxy in front of a real reference
 * server, then replayed: every one of the same Python requests is a hit with the recorded answer,
 * the request bodies are kept as JSON in the cassettes, and cassettes an earlier recorder kept as
 * text (the same bytes) still match.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { type RunningApp, startApp } from '../helpers/proxy.js';
import {
  type PythonAnswer,
  type PythonRequest,
  pythonForSuite,
  pythonRequests,
} from '../helpers/python-client.js';
import { serverModule } from '../helpers/server-module.js';

const python = pythonForSuite('replay with a Python client');
const token = TEST_TOKENS.all;
const text = 'Où est mon colis ? 📦 « vite »';
const REQUESTS: PythonRequest[] = [
  { method: 'GET', path: '/v1/agents/view/1', token },
  {
    method: 'POST',
    path: '/v1/agents/create',
    token,
    body: { name: 'Équipe', instruction: 'Réponds brièvement.' },
  },
  {
    method: 'POST',
    path: '/v1/agents/chat/request',
    token,
    body: testChatBody({ message: { role: 'user', content: [{ type: 'text', text }] }, temperature: 0.5 }),
  },
  {
    method: 'POST',
    path: '/v1/agents/chat/request',
    token,
    body: testChatBody({ message: { role: 'user', content: [{ type: 'text', text }] }, stream: true }),
  },
  {
    method: 'PATCH',
    path: '/v1/transcribe/workspace/7/transcriptions/42',
    token,
    body: { transcript: { filename: 'a.mp3', transcript: 'édité' } },
  },
  { method: 'POST', path: '/v1/vectors/embedding', token, body: { sentences: ['bonjour', 'ça va'] } },
];

const folders: string[] = [];
let target: Awaited<ReturnType<typeof serverModule.startReferenceServer>>;
let recordDir: string;
let recorded: PythonAnswer[];
/** The violations the proxy found in each exchange it recorded, oldest first. */
let proxyViolations: unknown[];

const cassettes = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();

async function filesIn(dir: string, count: number): Promise<void> {
  for (let waited = 0; waited < 20_000 && cassettes(dir).length < count; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(cassettes(dir)).toHaveLength(count);
}

/** What a replay must give back: the status, and the body (a stream's events, without their timing). */
const answerOf = ({ status, body }: PythonAnswer) => ({ status, body });

describe.skipIf(python === undefined)('a Python client through the proxy, then replay', () => {
  beforeAll(async () => {
    target = await serverModule.startReferenceServer({ env: { RATE_LIMIT_MAX: '100000' } });
    recordDir = mkdtempSync(join(tmpdir(), 'cassettes-python-'));
    folders.push(recordDir);
    const recorder = await startApp({ PROXY_TARGET: target.baseUrl, PROXY_RECORD_DIR: recordDir });
    try {
      recorded = await pythonRequests(python as string, recorder.origin, REQUESTS);
      await filesIn(recordDir, REQUESTS.length);
      proxyViolations = (await recorder.journal()).map((entry) => entry.violations).reverse();
    } finally {
      await recorder.close();
    }
  }, 120_000);
  afterAll(async () => {
    await target?.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('sends what Python sends: spaced separators and \\u escapes, and the target answers them', () => {
    const chat = recorded[2]?.sent as string;
    expect(chat).toContain('", "');
    expect(chat).toContain('\\u00f9');
    expect(chat).toContain('\\ud83d\\udce6');
    expect(recorded.map((answer) => answer.status)).toEqual([200, 201, 200, 200, 200, 200]);
    // The proxy's contract checks read Python's JSON as the JSON it is.
    expect(proxyViolations).toEqual(REQUESTS.map(() => []));
  });

  it('keeps each recorded request body as its JSON value', () => {
    const [, create, chat] = cassettes(recordDir).map((name) =>
      JSON.parse(readFileSync(join(recordDir, name), 'utf8')),
    );
    expect(create.request.body).toEqual({ json: REQUESTS[1]?.body });
    expect(chat.request.body.json.message.content[0].text).toBe(text);
  });

  async function replayed(dir: string) {
    const replay: RunningApp = await startApp({ REPLAY_DIR: dir, REPLAY_MISS: 'error', REPLAY_SPEED: '0' });
    try {
      const answers = await pythonRequests(python as string, replay.origin, REQUESTS);
      return { answers, journal: await replay.journal() };
    } finally {
      await replay.close();
    }
  }

  it('replays every one of the same Python requests from its cassette', async () => {
    const { answers, journal } = await replayed(recordDir);
    expect(answers.map(answerOf)).toEqual(recorded.map(answerOf));
    expect(journal.map((entry) => entry.replay?.cassette).reverse()).toEqual(cassettes(recordDir));
  }, 120_000);

  it('matches cassettes that kept the request body as the text Python sent, canonically', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cassettes-text-'));
    folders.push(dir);
    for (const [i, name] of cassettes(recordDir).entries()) {
      const cassette = JSON.parse(readFileSync(join(recordDir, name), 'utf8'));
      const sent = recorded[i]?.sent;
      if (sent) cassette.request.body = { text: sent };
      writeFileSync(join(dir, name), JSON.stringify(cassette, null, 2));
    }
    const { answers, journal } = await replayed(dir);
    expect(answers.map(answerOf)).toEqual(recorded.map(answerOf));
    expect(journal.every((entry) => entry.replay?.cassette !== null)).toBe(true);
  }, 120_000);
});
