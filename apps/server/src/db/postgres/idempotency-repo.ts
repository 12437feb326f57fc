/**
 * The stored answers of `Idempotency-Key`s on PostgreSQL: SQLite's statements (sqlite/
 * idempotency-repo.ts), so both stores decide a key the same way. A new key costs one insert, which
 * the unique index of (account, key) arbitrates between instances; a key already there is read, and
 * replaced (delete by id, insert again) only when it expired.
 */
import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import type { IdempotencyRepo } from '../store.js';
import type { PgDb } from './pg-db.js';
import { idempotencyRecords as t } from './schema.js';

export function createIdempotencyRepo(db: PgDb): IdempotencyRepo {
  return {
    async claim({ accountId, key, requestHash, now, expiredBefore, abandonedBefore }) {
      // A new try follows only a row that went away (expired, or freed by its request) since the
      // insert; a key that keeps changing under it three times is as good as in flight.
      for (let attempt = 0; attempt < 3; attempt++) {
        const [inserted] = await db
          .insert(t)
          .values({ accountId, key, requestHash, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: t.id });
        if (inserted) return { outcome: 'claimed', claim: inserted.id };
        const [row] = await db
          .select()
          .from(t)
          .where(and(eq(t.accountId, accountId), eq(t.key, key)));
        if (row === undefined) continue;
        const alive =
          row.createdAt > expiredBefore && (row.status !== null || row.createdAt > abandonedBefore);
        if (!alive) {
          await db.delete(t).where(eq(t.id, row.id));
          continue;
        }
        if (row.requestHash !== requestHash) return { outcome: 'reused' };
        if (row.status === null) return { outcome: 'in-flight' };
        return {
          outcome: 'replay',
          answer: { status: row.status, contentType: row.contentType, body: row.body ?? '' },
        };
      }
      return { outcome: 'in-flight' };
    },
    async complete(claim, answer) {
      await db
        .update(t)
        .set(answer)
        .where(and(eq(t.id, claim), isNull(t.status)));
    },
    async release(claim) {
      await db.delete(t).where(and(eq(t.id, claim), isNull(t.status)));
    },
    async trim(expiredBefore, keep) {
      await db.transaction(async (tx) => {
        await tx.delete(t).where(lte(t.createdAt, expiredBefore));
        const [newestDropped] = await tx
          .select({ id: t.id })
          .from(t)
          .orderBy(desc(t.id))
          .limit(1)
          .offset(keep);
        if (newestDropped) await tx.delete(t).where(lte(t.id, newestDropped.id));
      });
    },
    async deleteAll() {
      await db.delete(t);
    },
  };
}
