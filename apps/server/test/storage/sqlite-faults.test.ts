/**
 * A SQLite server whose storage fails while it runs answers honestly: a full disk (a real tmpfs
 * filled to its last byte) makes writes answer 503 with `Retry-After` and `/healthz` 503 `full`
 * once its probe's write no longer fits either, reads keep answering, and both recover by
 * themselves once space is freed; a table whose pages are overwritten makes `/healthz` 503
 * `corrupt` (from its own probe, or from a request that met the damage) and the reads that meet it
 * 503, never 500.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { buildTestApp } from '../helpers/test-app.js';
import { mountTinyFilesystem, type TinyFilesystem, tinyFilesystemsFor } from '../helpers/tiny-filesystem.js';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appOn(file: string): Promise<FastifyInstance> {
  const app = await buildTestApp({ DATABASE_URL: file, RATE_LIMIT_MAX: '100000' });
  cleanups.push(() => app.close());
  return app;
}

const create = (app: FastifyInstance, name: string, instruction = 'Answer politely.') =>
  app.inject({
    method: 'POST',
    url: '/v1/agents/create',
    headers: auth(TEST_TOKENS.all),
    payload: { name, instruction },
  });
const health = async (app: FastifyInstance) => {
  const answer = await app.inject({ url: '/healthz' });
  return { status: answer.statusCode, body: answer.json() as object };
};
const getAgent = (app: FastifyInstance, id: number) =>
  app.inject({ url: `/v1/agents/view/${id}`, headers: auth(TEST_TOKENS.all) });
const POLL = { timeout: 15_000, interval: 100 };

describe.runIf(tinyFilesystemsFor('SQLite on a full disk'))(
  'SQLite on a full disk',
  { timeout: 120_000 },
  () => {
    let disk: TinyFilesystem;

    it('answers writes 503 with Retry-After and /healthz 503 full once no write fits, then recovers once space is freed', async () => {
      disk = mountTinyFilesystem(8);
      cleanups.push(() => disk.unmount());
      const app = await appOn(join(disk.dir, 'assistant.sqlite'));
      const first = await create(app, 'Before the disk filled');
      expect(first.statusCode).toBe(201);

      disk.fill();
      // The write-ahead log may still have room: creates succeed until it needs more.
      const instruction = 'i'.repeat(16_000);
      let refused: Awaited<ReturnType<typeof create>> | undefined;
      for (let i = 0; i < 600 && refused === undefined; i++) {
        const answer = await create(app, `Filling ${i}`, instruction);
        if (answer.statusCode === 201) continue;
        refused = answer;
      }
      expect(refused?.statusCode).toBe(503);
      expect(refused?.headers['retry-after']).toBe('1');
      expectMatchesContract('createAgent', 503, refused?.json());
      // The refused create may leave room at the end of the log that a smaller write still fits
      // in, the health probe's among them (store-health.ts: a probe that passes after a request's
      // fault clears it). Small creates take that room until they are refused too.
      let small = 0;
      while (small < 200 && (await create(app, `Small ${small}`)).statusCode === 201) small++;
      expect(small).toBeLessThan(200);
      expect(await health(app)).toEqual({ status: 503, body: { status: 'unavailable', database: 'full' } });
      // Reads need no space.
      expect((await getAgent(app, first.json().data.id)).statusCode).toBe(200);
      expect((await create(app, 'Still full', instruction)).statusCode).toBe(503);

      disk.free();
      await expect.poll(() => health(app), POLL).toEqual({ status: 200, body: { status: 'ok' } });
      expect((await create(app, 'After space was freed', instruction)).statusCode).toBe(201);
    });
  },
);

/** Overwrites page `page` (1-based) of the file with bytes no SQLite page has. */
function overwritePage(file: string, page: number, pageSize: number): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0xee), 0, pageSize, (page - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies the whole write-ahead log into the main file and empties it. The server checkpoints from a
 * thread of its own every second, and a checkpoint that meets one of those is refused (SQLite
 * reports it busy rather than failing): the log then keeps pages the server reads instead of the
 * file, so the damage done to the file would never be seen, and the server's next checkpoint would
 * even copy those pages back over it. So it is tried until it completes.
 */
async function checkpointWhole(connection: Database.Database): Promise<void> {
  for (let tries = 1; ; tries++) {
    const [result] = connection.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (result?.busy === 0) return;
    if (tries === 50) throw new Error('the write-ahead log could not be checkpointed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('SQLite with a corrupted table', { timeout: 60_000 }, () => {
  /** A server on a file with `count` agents of about 2 KB each, so the table spans many pages. */
  async function corruptible(count: number) {
    const dir = mkdtempSync(join(tmpdir(), 'corrupt-table-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'assistant.sqlite');
    const app = await appOn(file);
    const ids: number[] = [];
    for (let i = 0; i < count; i++)
      ids.push((await create(app, `Agent ${i}`, `Instruction ${i} `.repeat(150))).json().data.id);
    // Another connection, as a tool would open it: everything into the main file, then the pages.
    const other = new Database(file);
    cleanups.push(() => {
      other.close();
    });
    await checkpointWhole(other);
    const pageSize = other.pragma('page_size', { simple: true }) as number;
    const pages = other
      .prepare("SELECT pageno, pagetype FROM dbstat WHERE name = 'agents' ORDER BY pageno")
      .all() as { pageno: number; pagetype: string }[];
    const root = (
      other.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'agents'").get() as {
        rootpage: number;
      }
    ).rootpage;
    /** Overwrites a page, then commits elsewhere so the server's next read drops its page cache. */
    const corrupt = (page: number) => {
      overwritePage(file, page, pageSize);
      other.prepare("UPDATE health_probe SET checked_at = 'tool' WHERE id = 1").run();
    };
    return { app, ids, pages, root, corrupt };
  }

  it('fails /healthz with corrupt by its own probe when the table cannot be read, with no request', async () => {
    const { app, root, corrupt } = await corruptible(40);
    expect((await health(app)).status).toBe(200);
    corrupt(root);
    await expect
      .poll(() => health(app), POLL)
      .toEqual({
        status: 503,
        body: { status: 'unavailable', database: 'corrupt' },
      });
  });

  it('answers the reads that meet a damaged page 503 and keeps /healthz 503 corrupt after them', async () => {
    const { app, ids, pages, root, corrupt } = await corruptible(60);
    const leaves = pages.filter((page) => page.pagetype === 'leaf' && page.pageno !== root);
    expect(leaves.length).toBeGreaterThan(4);
    // A leaf in the middle: the probe's first and last rows live elsewhere.
    corrupt((leaves[Math.floor(leaves.length / 2)] as { pageno: number }).pageno);
    expect((await health(app)).status).toBe(200);

    const statuses = new Set<number>();
    let refused: Awaited<ReturnType<typeof getAgent>> | undefined;
    for (const id of ids) {
      const answer = await getAgent(app, id);
      statuses.add(answer.statusCode);
      if (answer.statusCode === 503) refused ??= answer;
    }
    expect([...statuses].sort()).toEqual([200, 503]);
    expect(refused?.headers['retry-after']).toBe('1');
    expectMatchesContract('getAgent', 503, refused?.json());
    // The probe alone would pass: the read that met the damage is what /healthz reports, and it
    // stays until every page checks out again.
    expect(await health(app)).toEqual({ status: 503, body: { status: 'unavailable', database: 'corrupt' } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await health(app)).status).toBe(503);
  });
});
