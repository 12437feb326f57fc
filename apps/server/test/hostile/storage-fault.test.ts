/**
 * Storage faults: when the database's folder disappears under a running server, a write must fail
 * with the contract's 503 and `Retry-After` (never a false 201, nor a 500) and `/healthz` must
 * report 503.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { useHostileServer } from './hostile-server.js';
import { call } from './http-probe.js';

const folder = join(mkdtempSync(join(tmpdir(), 'hostile-storage-')), 'data');
const server = useHostileServer({ DATABASE_URL: join(folder, 'assistant.sqlite') });

describe('the database folder deleted while running', { timeout: 60_000 }, () => {
  it('the next create answers 503 and /healthz 503', async () => {
    const before = await call(server().origin, 'POST', '/v1/agents/create', { name: 'a', instruction: 'b' });
    expect(before.status).toBe(201);

    rmSync(folder, { recursive: true, force: true });

    const after = await call(server().origin, 'POST', '/v1/agents/create', { name: 'c', instruction: 'd' });
    expect(after.status).toBe(503);
    expect(after.headers.get('retry-after')).toBe('1');
    expectMatchesContract('createAgent', 503, after.body);

    const health = await fetch(`${server().origin}/healthz`, { signal: AbortSignal.timeout(5000) });
    expect(health.status).toBe(503);
  });
});
