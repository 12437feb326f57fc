/**
 * The stored answers of `Idempotency-Key`s on PostgreSQL: SQLite's statements (sqlite/
 * idempotency-repo.ts), so both stores decide a key the same way. A new key costs one insert, which
 * the unique index of (account, key) arbitrates between transactions and instances: an insert
 * meeting a row another transaction has inserted and not yet committed waits for it, then finds
 * its record (committed) or takes the key (rolled back). The request's transaction bounds that
 * wait (lock_timeout, see postgres-store.ts): past it the key is `held`.
 */
import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import { errorCodes } from '../error-codes.js';
import { keyRecordOf } from '../rows.js';
import type { IdempotencyRepo, KeyRecord, KeyRequest, StoredAnswer } from '../store.js';
import type { PgDb } from './pg-db.js';
import { idempotencyRecords as t } from './schema.js';

const LOCK_NOT_AVAILABLE = '55P03';

export function createIdempotencyRepo(db: PgDb): IdempotencyRepo {
  const find = async (accountId: number, key: string) =>
    (
      await db
        .select()
        .from(t)
        .where(and(eq(t.accountId, accountId), eq(t.key, key)))
    )[0];

  /**
   * Inserts the key's row (with `answer`, or none for a claim) unless a live one is there: its
   * record then. A row past its retention or without an answer is replaced; a key that keeps
   * changing under it (rows replaced by others as fast) is as good as held.
   */
  const put = async (
    request: KeyRequest,
    answer: StoredAnswer | null,
  ): Promise<KeyRecord | 'held' | undefined> => {
    const { accountId, key, requestHash, now, expiredBefore } = request;
    for (let attempt = 0; attempt < 3; attempt++) {
      const [inserted] = await db
        .insert(t)
        .values({ accountId, key, requestHash, createdAt: now, ...answer })
        .onConflictDoNothing()
        .returning({ id: t.id });
      if (inserted) return undefined;
      const row = await find(accountId, key);
      const record = keyRecordOf(row, expiredBefore);
      if (record !== undefined) return record;
      if (row !== undefined)
        await db
          .delete(t)
          .where(and(eq(t.id, row.id), or(isNull(t.status), lte(t.createdAt, expiredBefore))));
    }
    return 'held';
  };

  return {
    async find(accountId, key, expiredBefore) {
      return keyRecordOf(await find(accountId, key), expiredBefore);
    },
    async claim(request) {
      try {
        const found = await put(request, null);
        if (found === undefined) return { outcome: 'claimed' };
        return found === 'held' ? { outcome: 'held' } : { outcome: 'found', record: found };
      } catch (error) {
        // Another transaction held the key past the request transaction's lock_timeout.
        if (errorCodes(error).includes(LOCK_NOT_AVAILABLE)) return { outcome: 'held' };
        throw error;
      }
    },
    async complete(accountId, key, answer) {
      await db
        .update(t)
        .set(answer)
        .where(and(eq(t.accountId, accountId), eq(t.key, key)));
    },
    async store(request, answer) {
      const found = await put(request, answer);
      // Replaced under it three times: whoever replaced it last answers; this answer is dropped.
      return found === 'held' ? undefined : found;
    },
    async trim(accountId, expiredBefore, keep) {
      await db.delete(t).where(lte(t.createdAt, expiredBefore));
      const [newestDropped] = await db
        .select({ id: t.id })
        .from(t)
        .where(eq(t.accountId, accountId))
        .orderBy(desc(t.id))
        .limit(1)
        .offset(keep);
      if (newestDropped)
        await db.delete(t).where(and(eq(t.accountId, accountId), lte(t.id, newestDropped.id)));
    },
    async deleteAll() {
      await db.delete(t);
    },
  };
}

/** Bounds how long a request's transaction waits for a key another transaction holds. */
export const KEY_WAIT = "SET LOCAL lock_timeout = '5s'";
