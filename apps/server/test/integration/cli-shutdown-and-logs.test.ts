import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chatUpstreamEnv,
  completion,
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, exited, freePort, startCli, stopAllServers } from '../helpers/cli-process.js';
import { testChatBody } from '../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'assistant-shutdown-'));
const SECRET = 'very-secret-token-that-must-not-be-logged';
const seedFile = join(dir, 'seed.json');
let upstream: FakeUpstream;

beforeAll(async () => {
  ensureBuilt();
  writeFileSync(
    seedFile,
    JSON.stringify({
      accounts: [{ id: 1, name: 'Acme' }],
      tokens: [{ token: SECRET, accountId: 1, name: 'secret', scopes: ['*'] }],
    }),
  );
  upstream = await startFakeUpstream();
}, 120_000);
afterAll(() => upstream?.close());

afterEach(stopAllServers);

describe('graceful shutdown and logs', { timeout: 60_000 }, () => {
  it('finishes an in-flight request after SIGTERM, then exits 0; no log line carries the token', async () => {
    let answered = false;
    upstream.handle((_req, res) => {
      // Slow upstream: the answer arrives after SIGTERM was sent.
      setTimeout(() => {
        answered = true;
        sendJson(res, 200, completion('late but complete', 'stop'));
      }, 800);
    });
    const server = await startCli(['--seed', seedFile], {
      DATABASE_URL: join(dir, 'db.sqlite'),
      LOG_LEVEL: 'trace',
      ...chatUpstreamEnv(upstream.url, 'upstream-model'),
    });
    const inFlight = fetch(`${server.origin}/v1/agents/chat/request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify(testChatBody()),
    });
    await expect.poll(() => server.output().includes('incoming request'), { timeout: 60_000 }).toBe(true);
    server.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(
      ((await res.json()) as { data: { request: { message: { content: string } }[] } }).data.request[0]
        ?.message.content,
    ).toBe('late but complete');
    expect(answered).toBe(true);
    expect((await exited(server.child)).code).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(server.output()).not.toContain(SECRET);
  });

  it('drains and exits 0 on a SIGTERM sent as soon as /healthz answers, before the engines are ready', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--seed', seedFile], {
      env: { ...process.env, DATABASE_URL: join(dir, 'early.sqlite'), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    try {
      // What a balancer's health check or an orchestrator sees first: /healthz, polled closely.
      for (;;) {
        const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (res) => res.status,
          () => undefined,
        );
        if (status === 200) break;
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      child.kill('SIGTERM');
      expect(await exited(child)).toEqual({ code: 0, signal: null });
      expect(output).toContain('shutting down');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
