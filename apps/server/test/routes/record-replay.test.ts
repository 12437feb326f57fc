/**
 * Record and replay: a proxy with PROXY_RECORD_DIR in front of a reference server writes a cassette
 * per exchange (valid against the admin contract's Cassette, tokens redacted); a server with
 * REPLAY_DIR answers the same requests with the same statuses, bytes and stream events, in turn
 * when one request was recorded several times, at the recorded timing, and answers a miss as
 * configured. Cassettes that do not validate stop start-up, naming the file and the rule.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminContract } from '@assistant-platform/types/admin';
import { ContractValidator } from '@assistant-platform/types/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { type RunningApp, readEvents, startApp } from '../helpers/proxy.js';
import { serverModule } from '../helpers/server-module.js';

type ReferenceServer = Awaited<ReturnType<typeof serverModule.startReferenceServer>>;

const cassetteSchema = new ContractValidator(adminContract);
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cassettes-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Waits until `dir` holds `count` cassettes (they are written in the background). */
async function filesIn(dir: string, count: number): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (readdirSync(dir).filter((name) => name.endsWith('.json')).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${dir} did not get ${count} cassettes`);
}

const idOf = async (response: Response) => ((await response.json()) as { data: { id: number } }).data.id;
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

const json = (body: unknown) => ({ 'content-type': 'application/json', body: JSON.stringify(body) });
const chatWith = (text: string, extra: Record<string, unknown> = {}) =>
  testChatBody({ message: { role: 'user', content: [{ type: 'text', text }] }, ...extra });

/** The exchanges recorded and replayed, in order. */
const SCRIPT: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/v1/agents/view/1' },
  { method: 'POST', path: '/v1/agents/create', body: { name: 'Twice', instruction: 'Be brief.' } },
  { method: 'POST', path: '/v1/agents/create', body: { name: 'Twice', instruction: 'Be brief.' } },
  { method: 'POST', path: '/v1/agents/chat/request', body: chatWith('Where is my parcel?') },
  { method: 'POST', path: '/v1/agents/chat/request', body: chatWith('Stream it, please.', { stream: true }) },
  {
    method: 'PATCH',
    path: '/v1/transcribe/workspace/7/transcriptions/42',
    body: { transcript: { filename: 'a.mp3', transcript: 'edited' } },
  },
  { method: 'POST', path: '/v1/vectors/embedding', body: { sentences: ['hello', 'world'] } },
  { method: 'GET', path: '/v1/agents/view/999' },
];

interface Answer {
  status: number;
  contentType: string | null;
  body: string;
  events: string[] | null;
}

async function send(
  origin: string,
  { method, path, body }: (typeof SCRIPT)[number],
  token: string = TEST_TOKENS.all,
) {
  const { 'content-type': type, body: text } =
    body === undefined ? { 'content-type': undefined, body: undefined } : json(body);
  return fetch(`${origin}${path}`, {
    method,
    headers: { ...auth(token), ...(type ? { 'content-type': type } : {}) },
    ...(text === undefined ? {} : { body: text }),
  });
}

async function answerOf(response: Response): Promise<Answer> {
  const contentType = response.headers.get('content-type');
  if (contentType?.startsWith('text/event-stream')) {
    const { events } = await readEvents(response, performance.now());
    return { status: response.status, contentType, body: '', events: events.map((event) => event.text) };
  }
  return { status: response.status, contentType, body: await response.text(), events: null };
}

let target: ReferenceServer;
let recorder: RunningApp;
let recordDir: string;
const recorded: Answer[] = [];

beforeAll(async () => {
  target = await serverModule.startReferenceServer({ env: { RATE_LIMIT_MAX: '100000' } });
  recordDir = folder();
  recorder = await startApp({ PROXY_TARGET: target.baseUrl, PROXY_RECORD_DIR: recordDir });
  for (const step of SCRIPT) recorded.push(await answerOf(await send(recorder.origin, step)));
  await filesIn(recordDir, SCRIPT.length);
});
afterAll(async () => {
  await recorder.close();
  await target.close();
});

const cassettes = () =>
  readdirSync(recordDir)
    .filter((name) => name.endsWith('.json'))
    .sort();

describe('recording', () => {
  it('writes one readable, schema-valid file per exchange, in order, with secrets redacted', () => {
    expect(cassettes()).toEqual([
      '0001-get-agents-view-1.json',
      '0002-post-agents-create.json',
      '0003-post-agents-create.json',
      '0004-post-agents-chat-request.json',
      '0005-post-agents-chat-request.json',
      '0006-patch-transcribe-workspace-7-transcriptions-42.json',
      '0007-post-vectors-embedding.json',
      '0008-get-agents-view-999.json',
    ]);
    for (const name of cassettes()) {
      const text = readFileSync(join(recordDir, name), 'utf8');
      expect(text, name).not.toContain(TEST_TOKENS.all);
      expect(text.split('\n').length, `${name} is pretty-printed`).toBeGreaterThan(10);
      const cassette = JSON.parse(text);
      expect(cassetteSchema.check('Cassette', cassette).issues, name).toEqual([]);
      expect(cassette.version).toBe(1);
      expect(cassette.request.headers.authorization).toBe('[redacted]');
    }
    const get = JSON.parse(readFileSync(join(recordDir, cassettes()[0] as string), 'utf8'));
    expect(Object.keys(get)).toEqual(['version', 'recordedAt', 'request', 'response']);
    expect(get.request).toEqual({
      method: 'GET',
      path: '/v1/agents/view/1',
      query: '',
      headers: { accept: '*/*', authorization: '[redacted]' },
      body: null,
    });
    expect(get.response).toMatchObject({
      status: 200,
      events: null,
      body: { json: JSON.parse(recorded[0]?.body ?? '') },
    });
    expect(Object.keys(get.response.headers)).toEqual([...Object.keys(get.response.headers)].sort());
  });

  it('keeps a stream as its events, each with its time from the request', () => {
    const stream = JSON.parse(readFileSync(join(recordDir, '0005-post-agents-chat-request.json'), 'utf8'));
    const { events } = stream.response;
    expect(stream.response.body).toBeNull();
    expect(events.at(-1)).toMatchObject({ data: '[DONE]' });
    expect(events[0].json.object).toBe('chat.request.chunk');
    const times = events.map((event: { atMs: number }) => event.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(stream.response.headersAtMs).toBeLessThanOrEqual(times[0]);
  });
});

describe('replay', () => {
  let replay: RunningApp;
  beforeAll(async () => {
    replay = await startApp({ REPLAY_DIR: recordDir, REPLAY_MISS: 'error' });
  });
  afterAll(() => replay.close());

  it('answers the recorded requests with the same statuses, bytes and stream events', async () => {
    for (const [i, step] of SCRIPT.entries()) {
      const answer = await answerOf(await send(replay.origin, step));
      expect(answer, `${step.method} ${step.path}`).toEqual(recorded[i]);
    }
    const entries = await replay.journal();
    expect(entries.map((entry) => entry.replay?.cassette)).toEqual(cassettes().reverse());
    expect((await replay.journal())[0]?.violations).toBeNull();
  });

  it('answers a request recorded twice in turn, the last again after, and from the first after a reset', async () => {
    const create = SCRIPT[1] as (typeof SCRIPT)[number];
    await fetch(`${replay.origin}/_admin/reset`, { method: 'POST', headers: auth(TEST_TOKENS.operator) });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await idOf(await send(replay.origin, create)));
    const [first, second] = [
      JSON.parse(recorded[1]?.body ?? '').data.id,
      JSON.parse(recorded[2]?.body ?? '').data.id,
    ];
    expect(first).not.toBe(second);
    expect(ids).toEqual([first, second, second]);
    await fetch(`${replay.origin}/_admin/reset`, { method: 'POST', headers: auth(TEST_TOKENS.operator) });
    expect(await idOf(await send(replay.origin, create))).toBe(first);
  });

  it('still authenticates callers with its own tokens', async () => {
    const response = await send(replay.origin, SCRIPT[0] as (typeof SCRIPT)[number], 'not-a-known-token');
    expect(response.status).toBe(401);
    expect((await replay.journal())[0]?.replay).toBeNull();
  });

  it('answers a miss with a 501 naming the nearest cassette and where it differs (REPLAY_MISS=error)', async () => {
    const response = await send(replay.origin, {
      method: 'POST',
      path: '/v1/agents/chat/request',
      body: chatWith('Where is my parcel now?'),
    });
    expect(response.status).toBe(501);
    const body = (await response.json()) as { message: string };
    expect(cassetteSchema.check('ReplayMissError', body).issues).toEqual([]);
    expect(body.message).toBe(
      'No cassette matches POST /v1/agents/chat/request: the nearest is 0004-post-agents-chat-request.json, whose body differs at /message/content/0/text',
    );
    const [entry] = await replay.journal();
    expect(entry?.replay).toEqual({
      cassette: null,
      nearest: {
        cassette: '0004-post-agents-chat-request.json',
        distance: 1,
        differences: ['/message/content/0/text'],
      },
    });
    const unknown = await send(replay.origin, { method: 'GET', path: '/v1/agents/view/5' });
    expect(unknown.status).toBe(501);
    expect(await messageOf(unknown)).toBe(
      'No cassette matches GET /v1/agents/view/5: none was recorded for GET /v1/agents/view/5',
    );
  });

  it('lets the engines answer a miss (REPLAY_MISS=engine), and ignores the listed fields when matching', async () => {
    const lenient = await startApp({
      REPLAY_DIR: recordDir,
      REPLAY_MISS: 'engine',
      REPLAY_IGNORE: 'seed,temperature',
    });
    try {
      const miss = await send(lenient.origin, {
        method: 'POST',
        path: '/v1/agents/chat/request',
        body: chatWith('Hello?'),
      });
      expect(miss.status).toBe(200);
      const [missed] = await lenient.journal();
      expect(missed?.replay).toMatchObject({
        cassette: null,
        nearest: { cassette: '0004-post-agents-chat-request.json' },
      });
      const seeded = { ...(SCRIPT[3]?.body as object), seed: 7, temperature: 0.3 };
      const hit = await send(lenient.origin, {
        method: 'POST',
        path: '/v1/agents/chat/request',
        body: seeded,
      });
      expect(await hit.text()).toBe(recorded[3]?.body);
      expect((await lenient.journal())[0]?.replay).toEqual({
        cassette: '0004-post-agents-chat-request.json',
        nearest: null,
      });
    } finally {
      await lenient.close();
    }
  });
});

describe('cassettes that cannot be replayed stop start-up', () => {
  const startWith = (name: string, edit: (cassette: Record<string, any>) => void) => {
    const dir = folder();
    cpSync(recordDir, dir, { recursive: true });
    const cassette = JSON.parse(readFileSync(join(recordDir, '0001-get-agents-view-1.json'), 'utf8'));
    edit(cassette);
    writeFileSync(join(dir, name), JSON.stringify(cassette));
    const config = serverModule.loadConfig({
      DATABASE_URL: ':memory:',
      LOG_LEVEL: 'silent',
      REPLAY_DIR: dir,
    });
    return serverModule.build(config);
  };

  it('one the cassette schema refuses, naming the file and the field', async () => {
    await expect(
      startWith('0100-bad.json', (cassette) => {
        cassette.version = 2;
      }),
    ).rejects.toThrow(/0100-bad\.json: cassette schema: \/version must be equal to constant/);
  });

  it('one whose answer the contract refuses, naming the file and the rule', async () => {
    await expect(
      startWith('0101-outdated.json', (cassette) => {
        delete cassette.response.body.json.data.name;
      }),
    ).rejects.toThrow(
      /0101-outdated\.json: response-body: the body does not match GetAgentResponse: \/data\/name is required/,
    );
    await expect(
      startWith('0102-teapot.json', (cassette) => {
        cassette.response.status = 418;
      }),
    ).rejects.toThrow(/0102-teapot\.json: response-status: getAgent does not declare status 418/);
  });
});

describe('replay timing', () => {
  it('replays a stream’s events at their recorded times (speed 1), and at once with speed 0', async () => {
    const dir = folder();
    const slowTarget = await serverModule.startReferenceServer();
    // The target sends an event every 2 s, recorded as they arrive: gaps long enough that the
    // assertions below keep seconds of margin on a loaded machine.
    await slowTarget.admin.faults.add({ match: { path: '/v1/agents/chat/request' }, fault: { tps: 0.5 } });
    await slowTarget.admin.fixtures.add({ match: {}, answer: { content: 'OK' } });
    const slowRecorder = await startApp({ PROXY_TARGET: slowTarget.baseUrl, PROXY_RECORD_DIR: dir });
    const step = {
      method: 'POST',
      path: '/v1/agents/chat/request',
      body: chatWith('When?', { stream: true }),
    };
    try {
      await readEvents(await send(slowRecorder.origin, step), performance.now());
      await filesIn(dir, 1);
    } finally {
      await slowRecorder.close();
      await slowTarget.close();
    }
    const [file] = readdirSync(dir).filter((name) => name.endsWith('.json'));
    const times: number[] = JSON.parse(readFileSync(join(dir, file as string), 'utf8')).response.events.map(
      (event: { atMs: number }) => event.atMs,
    );
    const recordedGaps = times.slice(1).map((time, i) => time - (times[i] as number));
    expect(recordedGaps.filter((gap) => gap >= 1500).length).toBeGreaterThanOrEqual(2);

    const atSpeed = async (speed: string) => {
      const replay = await startApp({ REPLAY_DIR: dir, REPLAY_SPEED: speed });
      try {
        const sentAt = performance.now();
        return (await readEvents(await send(replay.origin, step), sentAt)).events.map((event) => event.atMs);
      } finally {
        await replay.close();
      }
    };
    const replayed = await atSpeed('1');
    expect(replayed).toHaveLength(times.length);
    // Timers never fire early: at speed 1 no event comes before its recorded time (a replay that
    // ignored the times would send them all at once); a loaded machine can only delay them.
    for (const [i, at] of replayed.entries())
      expect(at, `event ${i}: recorded at ${times[i]} ms`).toBeGreaterThanOrEqual((times[i] as number) - 1);
    expect(replayed.at(-1) as number).toBeLessThan((times.at(-1) as number) * 2);
    const fast = await atSpeed('0');
    expect(fast).toHaveLength(times.length);
    expect(fast.at(-1) as number).toBeLessThan((times.at(-1) as number) / 2);
  }, 120_000);
});
