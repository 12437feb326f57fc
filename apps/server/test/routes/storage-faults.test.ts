import { copyFileSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { buildTestApp } from '../helpers/test-app.js';

const agent = { name: 'Durable', instruction: 'Answer politely.' };
const edit = { transcript: { filename: 'call.mp3', transcript: 'edited' } };
let app: FastifyInstance | undefined;
let dir: string | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An app over a real SQLite file in a fresh folder; returns the app and the file's folder. */
async function appOnFile(): Promise<{ app: FastifyInstance; folder: string; file: string }> {
  dir = mkdtempSync(join(tmpdir(), 'storage-faults-'));
  const folder = join(dir, 'data');
  const file = join(folder, 'assistant.sqlite');
  app = await buildTestApp({ DATABASE_URL: file });
  return { app, folder, file };
}

const createAgent = (target: FastifyInstance) =>
  target.inject({ method: 'POST', url: '/v1/agents/create', headers: auth(TEST_TOKENS.all), payload: agent });

describe('storage faults while running', () => {
  it('answers 503 with Retry-After to writes, and 503 naming it to /healthz, once the database folder is deleted', async () => {
    const { app, folder } = await appOnFile();
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await createAgent(app)).statusCode).toBe(201);

    rmSync(folder, { recursive: true });

    const created = await createAgent(app);
    expect(created.statusCode).toBe(503);
    expect(created.headers['retry-after']).toBe('1');
    expectMatchesContract('createAgent', 503, created.json());
    expect(created.body).not.toContain(folder);
    const patched = await app.inject({
      method: 'PATCH',
      url: '/v1/transcribe/workspace/7/transcriptions/42',
      headers: auth(TEST_TOKENS.all),
      payload: edit,
    });
    expect(patched.statusCode).toBe(503);
    expectMatchesContract('updateTranscription', 503, patched.json());
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', database: 'gone' });
  });

  it('answers 503 to writes and to /healthz once the database file is replaced by another file', async () => {
    const { app, file } = await appOnFile();
    copyFileSync(file, `${file}.copy`);
    renameSync(`${file}.copy`, file);

    expect((await createAgent(app)).statusCode).toBe(503);
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({
      status: 'unavailable',
      database: 'gone',
    });
  });

  it('keeps answering 201 and 200 while the file stays in place', async () => {
    const { app } = await appOnFile();
    for (let i = 0; i < 3; i++) {
      expect((await createAgent(app)).statusCode).toBe(201);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    }
  });
});
