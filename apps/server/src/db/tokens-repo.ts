import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { watchForeignCommits } from './change-watch.js';
import type { Db } from './open-database.js';
import { apiTokens } from './schema.js';
import { nowIso } from './time.js';

export interface TokenRecord {
  id: number;
  accountId: number;
  name: string;
  scopes: string[];
  createdAt: string;
  revokedAt: string | null;
}

/** A token as stored: its hash, never the token. */
export type StoredToken = typeof apiTokens.$inferSelect;

/** A token to store: the hash and owner, and what a seed or an export may fix (id, timestamps). */
export type NewToken = Pick<StoredToken, 'tokenHash' | 'accountId' | 'name' | 'scopes'> &
  Partial<Pick<StoredToken, 'id' | 'createdAt' | 'revokedAt'>>;

/** SHA-256 hex of a token: the only form in which tokens are stored or used as keys. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random bearer token (URL-safe, 256 bits). */
export function generateToken(): string {
  return `ap_${randomBytes(32).toString('base64url')}`;
}

export function createTokensRepo(db: Db) {
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

  // Active tokens by hash: every API request looks its token up. Cleared on any write to tokens by
  // this process and whenever another process commits (so a CLI revoke takes effect at once).
  // Unknown hashes are not cached, so random tokens cannot grow it.
  const active = new Map<string, { id: number; accountId: number; name: string; scopes: string[] }>();
  const foreignCommit = watchForeignCommits(db);

  return {
    /** The active token with this hash, or undefined when unknown or revoked. */
    findActiveByHash(hash: string) {
      if (foreignCommit()) active.clear();
      const cached = active.get(hash);
      if (cached) return cached;
      const row = byHash.get({ hash });
      if (row) active.set(hash, row);
      return row;
    },
    /** Inserts the token unless a token with the same hash (or id) exists; returns its id. */
    ensure(input: NewToken): number {
      db.insert(apiTokens)
        .values({ ...input, createdAt: input.createdAt ?? nowIso() })
        .onConflictDoNothing()
        .run();
      active.clear();
      const row = db
        .select({ id: apiTokens.id })
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, input.tokenHash))
        .get();
      if (!row) throw new Error(`token id ${input.id} is taken by another token`);
      return row.id;
    },
    /** Inserts one token; a duplicate id or hash, or an unknown account, throws. */
    insert(row: NewToken): void {
      db.insert(apiTokens)
        .values({ ...row, createdAt: row.createdAt ?? nowIso() })
        .run();
      active.clear();
    },
    /** Every token with its hash, revoked ones included (a state export). */
    listAll(): StoredToken[] {
      return db.select().from(apiTokens).orderBy(apiTokens.id).all();
    },
    deleteAll(): void {
      db.delete(apiTokens).run();
      active.clear();
    },
    count(): number {
      return db.select({ n: count() }).from(apiTokens).get()?.n ?? 0;
    },
    list(): TokenRecord[] {
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
    /** Marks a token revoked; false when no active token has this id. */
    revoke(id: number): boolean {
      active.clear();
      const result = db
        .update(apiTokens)
        .set({ revokedAt: nowIso() })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .run();
      return result.changes > 0;
    },
  };
}

export type TokensRepo = ReturnType<typeof createTokensRepo>;
