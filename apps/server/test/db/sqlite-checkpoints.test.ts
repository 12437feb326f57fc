/**
 * SQLite's log checkpoints on a thread of their own (src/db/sqlite/wal-checkpointer.ts): the
 * server's connection makes none (a checkpoint there held the event loop for the copy and its
 * sync), yet the log stays bounded as writes go on; a thread that fails hands checkpoints
 * back to SQLite; closing leaves no log behind.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { builtWorker } from '../../src/config/built-worker.js';
import { openSqlite } from '../../src/db/sqlite/open-sqlite.js';
import { openSqliteStore } from '../../src/db/sqlite/sqlite-store.js';
import { startWalCheckpointer } from '../../src/db/sqlite/wal-checkpointer.js';
import { ensureBuilt } from '../helpers/cli-process.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'checkpoints-'));
  cleanups.push(() => rmSync(made, { recursive: true, force: true }));
  return made;
};

/** SQLite's own threshold: the commit that brings the log to this many pages checkpoints it. */
const SQLITE_DEFAULT_PAGES = 1000;
const MB = 1024 * 1024;

describe('SQLite checkpoints on their own thread', { timeout: 120_000 }, () => {
  it('keeps the log bounded while the server’s connection makes no checkpoint, and leaves none after close', async () => {
    ensureBuilt();
    const path = join(folder(), 'db.sqlite');
    const warnings: string[] = [];
    const store = openSqliteStore(path, undefined, { warn: (_details, message) => warnings.push(message) });
    await store.repos.accounts.ensure({ id: 1, name: 'Acme', createdAt: '2025-01-01T00:00:00.000Z' });
    const agent = { description: '', instruction: 'i'.repeat(100_000), intents: [], tools: [] };
    // About 30 MB written, in commits of their own, over a few checkpoint intervals.
    for (let i = 0; i < 300; i++) {
      await store.repos.agents.create(1, { ...agent, name: `Agent ${i}` });
      if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 600));
    }
    // Without checkpoints the log would hold all of it. Once the thread has copied it all, the
    // next commit starts the log over and cuts the file back to its limit, however far a slow
    // machine let it grow meanwhile; small writes go on, as on a server.
    let small = 0;
    await expect
      .poll(
        async () => {
          await store.repos.agents.create(1, { ...agent, name: `Small ${small++}`, instruction: 'i' });
          return statSync(`${path}-wal`).size;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBeLessThan(9 * MB);
    expect(statSync(path).size).toBeGreaterThan(15 * MB);
    expect(warnings).toEqual([]);
    await store.close();
    // The last connection to close (the server's, after the thread's) copied the log and removed it.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = new Database(path, { readonly: true });
    cleanups.push(() => reopened.close());
    expect(reopened.prepare('SELECT count(*) AS n FROM agents').get()).toEqual({ n: 300 + small });
  });

  it('turns the server connection’s own checkpoints off while the thread runs', () => {
    ensureBuilt();
    const sqlite = new Database(join(folder(), 'db.sqlite'));
    cleanups.push(() => sqlite.close());
    sqlite.pragma('journal_mode = WAL');
    const checkpointer = startWalCheckpointer(sqlite, builtWorker('wal-checkpoint-worker'), () => {});
    cleanups.push(() => checkpointer.close());
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
  });

  it('limits the log file of every connection it opens', () => {
    const opened = openSqlite(join(folder(), 'db.sqlite'));
    cleanups.push(() => opened.close());
    expect(opened.sqlite.pragma('journal_size_limit', { simple: true })).toBe(8 * MB);
  });

  it('hands checkpoints back to SQLite, saying so once, when the thread fails', async () => {
    const dir = folder();
    const failing = join(dir, 'failing-checkpoint-worker.mjs');
    writeFileSync(failing, "throw new Error('the checkpoint thread could not start');\n");
    const sqlite = new Database(join(dir, 'db.sqlite'));
    cleanups.push(() => sqlite.close());
    sqlite.pragma('journal_mode = WAL');
    const warnings: string[] = [];
    const checkpointer = startWalCheckpointer(sqlite, failing, (_details, message) => warnings.push(message));
    cleanups.push(() => checkpointer.close());
    await expect
      .poll(() => sqlite.pragma('wal_autocheckpoint', { simple: true }), { timeout: 30_000 })
      .toBe(SQLITE_DEFAULT_PAGES);
    expect(warnings).toEqual(['sqlite: the checkpoint thread failed; the server checkpoints its log itself']);
  });
});
