/**
 * SQLite's group commit (src/db/sqlite/write-batch.ts), seen from outside the store: what another
 * connection to the file sees, and what each call answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/db/sqlite/sqlite-store.js';
import { StorageUnavailableError } from '../../src/db/storage-error.js';
import type { NewAgent, Store } from '../../src/db/store.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const agent = (name: string): NewAgent => ({
  name,
  description: '',
  instruction: 'Answer.',
  intents: [],
  tools: [],
});

/** A store on a new file with account 1, and a second connection to the file (another process's view). */
async function storeOnFile(): Promise<{ store: Store; path: string; agentsSeen: () => number }> {
  const folder = mkdtempSync(join(tmpdir(), 'write-batches-'));
  const path = join(folder, 'db.sqlite');
  const store = openSqliteStore(path);
  await store.repos.accounts.ensure({ id: 1, name: 'Acme', createdAt: '2025-01-01T00:00:00.000Z' });
  const other = new Database(path, { readonly: true });
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  cleanups.push(() => other.close());
  const count = other.prepare('SELECT count(*) AS n FROM agents');
  return { store, path, agentsSeen: () => (count.get() as { n: number }).n };
}

describe('SQLite write batches', () => {
  it('commits the writes of one turn together, and answers each only once it is committed', async () => {
    const { store, agentsSeen } = await storeOnFile();
    let answered = 0;
    const writes = [agent('One'), agent('Two'), agent('Three')].map((input) =>
      store.repos.agents.create(1, input).then((created) => {
        answered += 1;
        // Whoever reads the file once the write is answered finds it there.
        expect(agentsSeen()).toBe(3);
        return created;
      }),
    );
    // The statements have run, but nothing is committed or answered within the turn.
    expect(agentsSeen()).toBe(0);
    expect(answered).toBe(0);
    const created = await Promise.all(writes);
    expect(created.map((row) => row.name)).toEqual(['One', 'Two', 'Three']);
    expect(new Set(created.map((row) => row.id)).size).toBe(3);
  });

  it('fails a write that breaks a constraint alone; the others of its batch are kept', async () => {
    const { store, agentsSeen } = await storeOnFile();
    const [kept, refused, alsoKept] = await Promise.allSettled([
      store.repos.agents.create(1, agent('Kept')),
      store.repos.agents.create(999, agent('No such account')),
      store.repos.agents.create(1, agent('Also kept')),
    ]);
    expect(kept.status).toBe('fulfilled');
    expect(alsoKept.status).toBe('fulfilled');
    expect(refused.status).toBe('rejected');
    expect(store.constraintOf((refused as PromiseRejectedResult).reason)).toBe('foreign-key');
    expect(agentsSeen()).toBe(2);
  });

  it('fails every call of a batch whose commit cannot be kept, reads included', async () => {
    const { store, path } = await storeOnFile();
    const calls = [
      store.repos.agents.create(1, agent('Lost')),
      store.repos.agents.count(),
      store.repos.agents.create(1, agent('Lost too')),
    ];
    // The file is deleted after the statements ran, before the batch commits.
    rmSync(path);
    const settled = await Promise.allSettled(calls);
    for (const call of settled) {
      expect(call.status).toBe('rejected');
      expect((call as PromiseRejectedResult).reason).toBeInstanceOf(StorageUnavailableError);
    }
  });

  it('answers a read at once when no write is waiting to be committed', async () => {
    const { store } = await storeOnFile();
    await store.repos.agents.create(1, agent('Stored'));
    let read: number | undefined;
    let readBeforeTheLoopWent: number | undefined;
    setImmediate(() => {
      readBeforeTheLoopWent = read;
    });
    await store.repos.agents.count().then((n) => {
      read = n;
    });
    await new Promise((resolve) => setImmediate(resolve));
    // Answered before the loop's next turn: no batch was opened for the read to wait for.
    expect(readBeforeTheLoopWent).toBe(1);
  });

  it('lets a transaction begun in the same turn wait for the batch, then keeps both', async () => {
    const { store, agentsSeen } = await storeOnFile();
    const write = store.repos.agents.create(1, agent('Batched'));
    const transaction = store.repos.transaction(async (tx) => {
      const first = await tx.agents.create(1, agent('In a transaction'));
      const second = await tx.agents.create(1, agent('Also in it'));
      return [first.id, second.id];
    });
    const [batched, ids] = await Promise.all([write, transaction]);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(batched.id);
    expect(agentsSeen()).toBe(3);
  });
  it('commits a request’s transaction with the turn’s batch, answering it only once that is kept', async () => {
    const { store, agentsSeen } = await storeOnFile();
    const before = store.repos.agents.create(1, agent('Batched before'));
    let answered = false;
    const keyed = store.repos
      .requestTransaction(async (tx) => (await tx.agents.create(1, agent('Keyed'))).id)
      .then((id) => {
        answered = true;
        // Whoever reads the file once the request is answered finds its write there.
        expect(agentsSeen()).toBe(3);
        return id;
      });
    const after = store.repos.agents.create(1, agent('Batched after'));
    // The request's statements have run, but nothing is committed or answered within the turn.
    await Promise.resolve();
    expect(agentsSeen()).toBe(0);
    expect(answered).toBe(false);
    const [first, id, last] = await Promise.all([before, keyed, after]);
    expect(new Set([first.id, id, last.id]).size).toBe(3);
  });

  it('rolls a failed request’s transaction back alone; the batch’s other writes are kept', async () => {
    const { store, agentsSeen } = await storeOnFile();
    const kept = store.repos.agents.create(1, agent('Kept'));
    const failed = store.repos.requestTransaction(async (tx) => {
      await tx.agents.create(1, agent('Rolled back'));
      throw new Error('the answer is not one to keep');
    });
    const alsoKept = store.repos.agents.create(1, agent('Also kept'));
    const [first, refused, last] = await Promise.allSettled([kept, failed, alsoKept]);
    expect(refused).toMatchObject({
      status: 'rejected',
      reason: { message: 'the answer is not one to keep' },
    });
    expect([first.status, last.status]).toEqual(['fulfilled', 'fulfilled']);
    expect(agentsSeen()).toBe(2);
    expect((await store.repos.agents.listAll()).map((row) => row.agent.name).sort()).toEqual([
      'Also kept',
      'Kept',
    ]);
  });

  it('keeps the batch open past the turn while a request’s transaction is, then commits both', async () => {
    const { store, agentsSeen } = await storeOnFile();
    const batched = store.repos.agents.create(1, agent('Batched'));
    const keyed = store.repos.requestTransaction(async (tx) => {
      await tx.agents.create(1, agent('Keyed'));
      // The turn ends (the batch's commit comes due) while this transaction is still open.
      await new Promise((resolve) => setTimeout(resolve, 5));
      // Nothing was committed halfway: the batch waited.
      expect(agentsSeen()).toBe(0);
      await tx.agents.create(1, agent('Keyed, second'));
    });
    await Promise.all([batched, keyed]);
    expect(agentsSeen()).toBe(3);
  });

  it('lets two stores of one process on one file write in the same turn: the second waits for the first to commit', async () => {
    const { store, path, agentsSeen } = await storeOnFile();
    // A second server in the same process on the same file. Asking SQLite for the write lock while
    // the first store's batch holds it would block this thread (busy_timeout), the one the first
    // store needs to commit, and then fail.
    const second = openSqliteStore(path);
    cleanups.push(() => second.close());
    const first = store.repos.agents.create(1, agent('First'));
    const alongside = second.repos.agents.create(1, agent('Second'));
    const inTransaction = second.repos.transaction((tx) => tx.agents.create(1, agent('Third')));
    const created = await Promise.all([first, alongside, inTransaction]);
    expect(created.map((row) => row.name)).toEqual(['First', 'Second', 'Third']);
    expect(agentsSeen()).toBe(3);
    // And the other way round, the second store's batch open first.
    await Promise.all([
      second.repos.agents.create(1, agent('Fourth')),
      store.repos.agents.create(1, agent('Fifth')),
    ]);
    expect(agentsSeen()).toBe(5);
  });
});
