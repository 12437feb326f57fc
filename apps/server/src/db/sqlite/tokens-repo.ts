import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { TokensRepo } from '../store.js';
import { nowIso } from '../time.js';
import type { Db } from './open-sqlite.js';
import { apiTokens } from './schema.js';
import type { Sync } from './sync.js';

export function createTokensRepo(db: Db): Sync<TokensRepo> {
  const byHash = db
    .select({
      id: apiTokens.id,
      accountId: apiTokens.accountId,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), isNull(apiTokens.revokedAt)))
    .prepare();

  return {
    findActiveByHash(hash) {
      return byHash.get({ hash });
    },
    ensure(input) {
      db.insert(apiTokens)
        .values({ ...input, createdAt: input.createdAt ?? nowIso() })
        .onConflictDoNothing()
        .run();
      const row = db
        .select({ id: apiTokens.id })
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, input.tokenHash))
        .get();
      if (!row) throw new Error(`token id ${input.id} is taken by another token`);
      return row.id;
    },
    insert(row) {
      db.insert(apiTokens)
        .values({ ...row, createdAt: row.createdAt ?? nowIso() })
        .run();
    },
    listAll() {
      return db.select().from(apiTokens).orderBy(apiTokens.id).all();
    },
    deleteAll() {
      db.delete(apiTokens).run();
    },
    count() {
      return db.select({ n: count() }).from(apiTokens).get()?.n ?? 0;
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
        .orderBy(apiTokens.id)
        .all();
    },
    revoke(id) {
      const result = db
        .update(apiTokens)
        .set({ revokedAt: nowIso() })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .run();
      return result.changes > 0;
    },
    setScopes(hash, scopes) {
      db.update(apiTokens).set({ scopes }).where(eq(apiTokens.tokenHash, hash)).run();
    },
  };
}
