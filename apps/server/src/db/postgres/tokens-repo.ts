import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { NewToken, TokensRepo } from '../store.js';
import { nowIso } from '../time.js';
import type { IdWrites } from './id-sequences.js';
import type { PgDb } from './pg-db.js';
import { apiTokens } from './schema.js';

export function createTokensRepo(db: PgDb, ids: IdWrites): TokensRepo {
  const byHash = db
    .select({
      id: apiTokens.id,
      accountId: apiTokens.accountId,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), isNull(apiTokens.revokedAt)))
    .prepare('active_token_by_hash');
  const idByHash = async (hash: string) =>
    (await db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.tokenHash, hash)))[0]?.id;
  const insert = async (row: NewToken, onConflict: 'fail' | 'skip') => {
    const query = () => {
      const values = db.insert(apiTokens).values({ ...row, createdAt: row.createdAt ?? nowIso() });
      return onConflict === 'skip' ? values.onConflictDoNothing() : values;
    };
    if (row.id === undefined) await ids.numbered('api_tokens', query);
    else {
      await query();
      await ids.explicit('api_tokens');
    }
  };

  return {
    async findActiveByHash(hash) {
      return (await byHash.execute({ hash }))[0];
    },
    async ensure(input) {
      // A token already there is found before inserting, so restarts with the same seed or dev
      // token draw no id from the sequence (an insert skipped on conflict would).
      const existing = await idByHash(input.tokenHash);
      if (existing !== undefined) return existing;
      await insert(input, 'skip');
      const id = await idByHash(input.tokenHash);
      if (id === undefined) throw new Error(`token id ${input.id} is taken by another token`);
      return id;
    },
    insert: (row) => insert(row, 'fail'),
    listAll() {
      return db.select().from(apiTokens).orderBy(apiTokens.id);
    },
    async deleteAll() {
      await db.delete(apiTokens);
      await ids.emptied('api_tokens');
    },
    async count() {
      return (await db.select({ n: count() }).from(apiTokens))[0]?.n ?? 0;
    },
    list() {
      return db
        .select({
          id: apiTokens.id,
          accountId: apiTokens.accountId,
          name: apiTokens.name,
          scopes: apiTokens.scopes,
          createdAt: apiTokens.createdAt,
          revokedAt: apiTokens.revokedAt,
        })
        .from(apiTokens)
        .orderBy(apiTokens.id);
    },
    async revoke(id) {
      const revoked = await db
        .update(apiTokens)
        .set({ revokedAt: nowIso() })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      return revoked.length > 0;
    },
    async setScopes(hash, scopes) {
      await db.update(apiTokens).set({ scopes }).where(eq(apiTokens.tokenHash, hash));
    },
  };
}
