import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, exited, runCli, startCli, stopAllServers } from '../helpers/cli-process.js';

const SEED = fileURLToPath(new URL('../../../../seed/dev.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'assistant-cli-'));
const dataOf = async (res: Response): Promise<Record<string, any>> =>
  ((await res.json()) as { data: Record<string, any> }).data;
const headers = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };

beforeAll(() => ensureBuilt(), 120_000);

afterEach(stopAllServers);

describe('the built CLI', { timeout: 60_000 }, () => {
  it('serves the seeded API on a free port and keeps data across a graceful restart', async () => {
    const env = { DATABASE_URL: join(dir, 'restart.sqlite') };
    const first = await startCli(['--seed', SEED], env);
    const created = await fetch(`${first.origin}/v1/agents/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Survivor', instruction: 'Persist.' }),
    });
    expect(created.status).toBe(201);
    const { id } = await dataOf(created);
    first.child.kill('SIGTERM');
    expect((await exited(first.child)).code).toBe(0);

    const second = await startCli(['--seed', SEED], env);
    try {
      const view = await fetch(`${second.origin}/v1/agents/view/${id}`, { headers });
      expect(view.status).toBe(200);
      expect((await dataOf(view)).name).toBe('Survivor');
      expect((await fetch(`${second.origin}/docs`)).status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  });

  it('loses no acknowledged write when killed with SIGKILL', async () => {
    const env = { DATABASE_URL: join(dir, 'kill9.sqlite') };
    const first = await startCli(['--seed', SEED], env);
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${first.origin}/v1/agents/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Durable ${i}`, instruction: 'x' }),
      });
      expect(res.status).toBe(201);
      ids.push((await dataOf(res)).id);
    }
    const edit = await fetch(`${first.origin}/v1/transcribe/workspace/7/transcriptions/42`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ transcript: { filename: 'k.mp3', transcript: 'written before the crash' } }),
    });
    expect(edit.status).toBe(200);
    first.child.kill('SIGKILL');
    expect((await exited(first.child)).signal).toBe('SIGKILL');

    // The acknowledged edit is in the database file the killed process left behind.
    const leftBehind = new Database(env.DATABASE_URL, { readonly: true });
    const row = leftBehind.prepare('SELECT transcript FROM transcriptions WHERE id = 42').get() as {
      transcript: string;
    };
    leftBehind.close();
    expect(JSON.parse(row.transcript)).toEqual({ filename: 'k.mp3', transcript: 'written before the crash' });

    const second = await startCli([], env);
    try {
      for (const [i, id] of ids.entries()) {
        const view = await fetch(`${second.origin}/v1/agents/view/${id}`, { headers });
        expect((await dataOf(view)).name).toBe(`Durable ${i}`);
      }
      const again = await fetch(`${second.origin}/v1/transcribe/workspace/7/transcriptions/42`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ transcript: { filename: 'k.mp3', transcript: 'after' } }),
      });
      expect((await dataOf(again)).createdAt).toBe('2025-01-02T03:04:05.000Z');
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  });

  it('creates no extra token when a seed brings tokens, and prints a working one on an empty :memory:', async () => {
    const seeded = await startCli(['--seed', SEED], { DATABASE_URL: join(dir, 'seeded-fresh.sqlite') });
    expect(seeded.output()).not.toContain('Created a token');
    const listed = runCli(['token', 'list'], { DATABASE_URL: join(dir, 'seeded-fresh.sqlite') });
    expect(listed.stdout).not.toContain('bootstrap');

    const memory = await startCli([], { DATABASE_URL: ':memory:' });
    const token = /Bearer ([^\s']+)/.exec(memory.output())?.[1];
    expect(token).toBeDefined();
    // The printed curl line works as pasted: it creates an agent on the empty database.
    const created = await fetch(`${memory.origin}/v1/agents/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hello', instruction: 'Answer politely.' }),
    });
    expect(created.status).toBe(201);
    expect(memory.output()).toContain(`${memory.origin}/v1/agents/create`);
  });

  it('creates and prints a first token once on an empty database', async () => {
    const env = { DATABASE_URL: join(dir, 'bootstrap.sqlite') };
    const first = await startCli([], env);
    const token = /Bearer ([^\s']+)/.exec(first.output())?.[1];
    expect(token).toBeDefined();
    const created = await fetch(`${first.origin}/v1/agents/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'First', instruction: 'x' }),
    });
    expect(created.status).toBe(201);
    first.child.kill('SIGTERM');
    await exited(first.child);
    const second = await startCli([], env);
    expect(second.output()).not.toContain(token as string);
    second.child.kill('SIGTERM');
    await exited(second.child);
  });

  it('refuses to start with a bad configuration or seed, naming the problem', async () => {
    await expect(startCli([], { RATE_LIMIT_MAX: 'many' })).rejects.toThrow(/RATE_LIMIT_MAX/);
    await expect(
      startCli(['--seed', join(dir, 'missing.json')], { DATABASE_URL: ':memory:' }),
    ).rejects.toThrow(/Cannot read seed file/);
    // Engine configuration is checked when the engines load, still before the server says it is ready.
    await expect(
      startCli([], {
        DATABASE_URL: ':memory:',
        CHAT_ENGINE: 'openai',
        CHAT_UPSTREAM_URL: 'http://127.0.0.1:9/v1',
      }),
    ).rejects.toThrow(/CHAT_MODEL_MAP/);
  });
});
