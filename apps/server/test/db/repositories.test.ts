/**
 * The repository interface as either store implements it (this file runs in `server` on SQLite
 * and in `server:postgres` on PostgreSQL): ids numbered as SQLite numbers them, values read back
 * exactly as written, transactions that keep all or nothing, and the same words for a refused row.
 */
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { openStore } from '../../src/db/open-store.js';
import type { NewAgent, Repositories, Store } from '../../src/db/store.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

const silent = { warn: () => undefined, info: () => undefined };
const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

async function freshStore(): Promise<Store> {
  const store = await openStore(loadConfig({ DATABASE_URL: await testDatabaseUrl() }).database, silent);
  opened.push(store);
  return store;
}

const agent = (name: string, extra: Partial<NewAgent> = {}): NewAgent => ({
  name,
  description: '',
  instruction: 'Answer.',
  intents: [],
  tools: [],
  ...extra,
});

async function withAccount(repos: Repositories): Promise<number> {
  return repos.accounts.ensure({ id: 1, name: 'Acme', createdAt: '2025-01-01T00:00:00.000Z' });
}

describe('ids', () => {
  it('numbers a new row after the highest id, also right after rows with ids of their own', async () => {
    const { repos } = await freshStore();
    await withAccount(repos);
    expect((await repos.agents.create(1, agent('a'))).id).toBe(1);
    await repos.agents.create(1, agent('b'), { id: 40 });
    expect((await repos.agents.create(1, agent('c'))).id).toBe(41);
    const ids = await repos.transaction(async (tx) => {
      await tx.agents.create(1, agent('d'), { id: 90 });
      return (await tx.agents.create(1, agent('e'))).id;
    });
    expect(ids).toBe(91);
    expect(await repos.accounts.ensure({ name: 'Second' })).toBe(2);
  });

  it('numbers from 1 again once a table was emptied, as a state import does', async () => {
    const { repos } = await freshStore();
    await withAccount(repos);
    for (const name of ['a', 'b', 'c']) await repos.agents.create(1, agent(name));
    await repos.transaction(async (tx) => {
      await tx.agents.deleteAll();
      expect((await tx.agents.create(1, agent('first again'))).id).toBe(1);
    });
    expect((await repos.agents.create(1, agent('next'))).id).toBe(2);
  });

  it('gives the ids of a rolled-back transaction again', async () => {
    const { repos } = await freshStore();
    await withAccount(repos);
    await repos.agents.create(1, agent('kept'));
    await expect(
      repos.transaction(async (tx) => {
        await tx.agents.create(1, agent('dropped 1'));
        await tx.agents.create(1, agent('dropped 2'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await repos.agents.count()).toBe(1);
    expect((await repos.agents.create(1, agent('next'))).id).toBe(2);
  });

  it('finds an existing token by its hash without numbering anything', async () => {
    const { repos } = await freshStore();
    await withAccount(repos);
    const token = { tokenHash: 'a'.repeat(64), accountId: 1, name: 'dev', scopes: ['*'] };
    expect(await repos.tokens.ensure(token)).toBe(1);
    expect(await repos.tokens.ensure(token)).toBe(1);
    expect(await repos.tokens.ensure({ ...token, tokenHash: 'b'.repeat(64) })).toBe(2);
    await expect(repos.tokens.ensure({ ...token, id: 2, tokenHash: 'c'.repeat(64) })).rejects.toThrow(
      /token id 2 is taken/,
    );
  });
});

describe('values', () => {
  it('reads back timestamps, JSON (keys in their order), numbers and nulls exactly as written', async () => {
    const { repos } = await freshStore();
    await withAccount(repos);
    const tools = [
      {
        type: 'function',
        function: {
          name: 'lookup',
          strict: true,
          description: 'é 中 😀',
          parameters: {
            type: 'object',
            required: ['z', 'a'],
            properties: { z: { type: 'string' }, a: { type: 'number' } },
          },
        },
      },
    ] as NewAgent['tools'];
    const created = await repos.agents.create(
      1,
      agent('Typed', { intents: ['b', 'a'], tools, knowledgeBaseId: 9_007_199_254_740_991 }),
      { agentReferenceId: 'ABCDEF01-2345-4789-8ABC-DEF012345678', createdAt: '2016-12-31T23:59:60.000Z' },
    );
    const found = await repos.agents.find('abcdef01-2345-4789-8abc-def012345678');
    expect(JSON.stringify(found?.agent)).toBe(JSON.stringify(created));
    expect(found?.agent).toMatchObject({
      agentReferenceId: 'abcdef01-2345-4789-8abc-def012345678',
      createdAt: '2016-12-31T23:59:60.000Z',
      updatedAt: '2016-12-31T23:59:60.000Z',
      knowledgeBaseId: 9_007_199_254_740_991,
    });
    expect(JSON.stringify(found?.agent.tools)).toBe(JSON.stringify(tools));
    expect((await repos.agents.find(created.id))?.agent).toEqual(created);
    expect((await repos.agents.find('2'))?.agent).toBeUndefined();

    await repos.workspaces.ensure({ id: 7, accountId: 1, name: 'W', createdAt: '0000-01-01T00:00:00.000Z' });
    await repos.transcriptions.ensure({
      id: 42,
      workspaceId: 7,
      fileName: 'a.mp3',
      fileUrl: 'https://files.example.org/a.mp3',
      fileType: 'audio/mpeg',
      duration: 0.1 + 0.2,
      status: 'COMPLETED',
      transcript: { transcript: 'text', filename: 'a.mp3' },
      createdAt: '2025-01-02T03:04:05.006Z',
    });
    const transcription = await repos.transcriptions.find(42);
    expect(transcription?.transcription.duration).toBe(0.1 + 0.2);
    expect(JSON.stringify(transcription?.transcription.transcript)).toBe(
      '{"transcript":"text","filename":"a.mp3"}',
    );
    expect(await repos.workspaces.find(7)).toEqual({
      id: 7,
      accountId: 1,
      name: 'W',
      createdAt: '0000-01-01T00:00:00.000Z',
    });
  });
});

describe('transactions', () => {
  it('keep nothing of a transaction that fails, and name a refused row the same way on every store', async () => {
    const store = await freshStore();
    const { repos } = store;
    await withAccount(repos);
    const refused = await repos
      .transaction(async (tx) => {
        await tx.workspaces.insert({
          id: 3,
          accountId: 1,
          name: 'ok',
          createdAt: '2025-01-01T00:00:00.000Z',
        });
        await tx.workspaces.insert({
          id: 4,
          accountId: 99,
          name: 'orphan',
          createdAt: '2025-01-01T00:00:00.000Z',
        });
      })
      .catch((error: unknown) => error);
    expect(store.constraintOf(refused)).toBe('foreign-key');
    expect(await repos.workspaces.count()).toBe(0);

    const duplicate = await repos.accounts
      .insert({ id: 1, name: 'again', createdAt: '2025-01-01T00:00:00.000Z' })
      .catch((error: unknown) => error);
    expect(store.constraintOf(duplicate)).toBe('primary-key');
    await repos.tokens.insert({ tokenHash: 'd'.repeat(64), accountId: 1, name: 'x', scopes: [] });
    const sameHash = await repos.tokens
      .insert({ tokenHash: 'd'.repeat(64), accountId: 1, name: 'y', scopes: [] })
      .catch((error: unknown) => error);
    expect(store.constraintOf(sameHash)).toBe('unique');
    expect(store.constraintOf(new Error('not a database error'))).toBeUndefined();
  });

  it('let nobody else see or join a transaction: what others write stays when it rolls back', async () => {
    const { repos } = await freshStore();
    await withAccount(repos);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = repos.transaction(async (tx) => {
      await tx.agents.create(1, agent('inside'));
      inside();
      await held;
      throw new Error('rolled back');
    });
    await started;
    // SQLite makes others wait for the transaction; PostgreSQL shows them what was committed.
    const outsideCount = repos.agents.count();
    const early = await Promise.race([outsideCount, setTimeout(50).then(() => 'waiting' as const)]);
    if (early !== 'waiting') expect(early).toBe(0);
    const outsideCreate = repos.agents.create(1, agent('outside'));
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    const created = await outsideCreate;
    expect((await repos.agents.find(created.id))?.agent.name).toBe('outside');
    expect(await repos.agents.count()).toBe(1);
  });

  it('revokes a token for its next lookup, cached or not', async () => {
    const { repos } = await freshStore();
    await withAccount(repos);
    const id = await repos.tokens.ensure({
      tokenHash: 'e'.repeat(64),
      accountId: 1,
      name: 't',
      scopes: ['*'],
    });
    expect(await repos.tokens.findActiveByHash('e'.repeat(64))).toMatchObject({ id, name: 't' });
    expect(await repos.tokens.revoke(id)).toBe(true);
    expect(await repos.tokens.findActiveByHash('e'.repeat(64))).toBeUndefined();
    expect(await repos.tokens.revoke(id)).toBe(false);
    expect((await repos.tokens.list())[0]?.revokedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
