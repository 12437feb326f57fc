/**
 * Replay takes the caller's authentication into account. A recording of the same request made with
 * a valid and with a refused token (the target answered 200 and 401) replays to an authenticated
 * caller only the recorded successes, every time, and to an unknown token the replaying server's own
 * 401, never a recorded success. A request recorded only with a refused token is a miss for an
 * authenticated caller, and the miss says why.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { type RunningApp, startApp } from '../helpers/proxy.js';
import { serverModule } from '../helpers/server-module.js';

const VALID = TEST_TOKENS.all;
const REFUSED = 'not-a-token-of-the-target';
/** The order the recording's seven identical requests were sent in. */
const RECORDED_WITH = [VALID, REFUSED, VALID, VALID, REFUSED, VALID, VALID];

let dir: string;
let recordedOk: string;
let replay: RunningApp;

/** Cassettes written (a file still under its temporary name ends in `.tmp`). */
const jsonFiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.json')).length;
const get = (origin: string, path: string, token: string) =>
  fetch(`${origin}${path}`, { headers: auth(token) });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cassettes-auth-'));
  const target = await serverModule.startReferenceServer({ env: { RATE_LIMIT_MAX: '100000' } });
  const recorder = await startApp({ PROXY_TARGET: target.baseUrl, PROXY_RECORD_DIR: dir });
  try {
    const statuses = [];
    for (const token of RECORDED_WITH) {
      const response = await get(recorder.origin, '/v1/agents/view/1', token);
      statuses.push(response.status);
      if (response.status === 200) recordedOk = await response.text();
      else await response.arrayBuffer();
    }
    expect(statuses).toEqual([200, 401, 200, 200, 401, 200, 200]);
    // Agent 2 only ever with a refused token.
    expect((await get(recorder.origin, '/v1/agents/view/2', REFUSED)).status).toBe(401);
    for (let waited = 0; jsonFiles(dir) < 8 && waited < 20_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    await recorder.close();
    await target.close();
  }
  replay = await startApp({ REPLAY_DIR: dir, REPLAY_MISS: 'error' });
}, 60_000);
afterAll(async () => {
  await replay?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('replay matches the authentication outcome', () => {
  it('answers seven identical requests with a valid token with the recorded 200, every time', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const response = await get(replay.origin, '/v1/agents/view/1', VALID);
      answers.push({ status: response.status, body: await response.text() });
    }
    expect(answers).toEqual(Array.from({ length: 7 }, () => ({ status: 200, body: recordedOk })));
    const refusedCassettes = ['0002-get-agents-view-1.json', '0005-get-agents-view-1.json'];
    const used = (await replay.journal()).slice(0, 7).map((entry) => entry.replay?.cassette);
    expect(used.every((file) => file && !refusedCassettes.includes(file))).toBe(true);
  });

  it('answers an unknown token with its own 401, never a recorded 200', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await get(replay.origin, '/v1/agents/view/1', REFUSED);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, message: 'Unauthorized access' });
    }
    // The server's own answer: no cassette was looked for.
    const entries = (await replay.journal()).slice(0, 3);
    expect(entries.map((entry) => [entry.status, entry.replay])).toEqual([
      [401, null],
      [401, null],
      [401, null],
    ]);
  });

  it('misses a request recorded only with a refused token, saying so', async () => {
    const response = await get(replay.origin, '/v1/agents/view/2', VALID);
    expect(response.status).toBe(501);
    expect(((await response.json()) as { message: string }).message).toBe(
      'No cassette matches GET /v1/agents/view/2: the nearest is 0008-get-agents-view-2.json, recorded with a token the target refused (401)',
    );
    expect((await replay.journal())[0]?.replay).toEqual({
      cassette: null,
      nearest: {
        cassette: '0008-get-agents-view-2.json',
        distance: 1,
        differences: [],
        authentication: 'refused',
      },
    });
  });
});
