/**
 * The stored answers of `Idempotency-Key`s on SQLite (table `idempotency_records`; see
 * IdempotencyRepo in ../store.ts for what it promises). A new key costs one insert; a key already
 * there is read, and replaced (delete by id, insert again) only when it expired. Ids are never
 * given again (AUTOINCREMENT), so a claim is its row's id.
 */
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { IdempotencyRepo } from '../store.js';
import type { Db } from './open-sqlite.js';
import { idempotencyRecords } from './schema.js';
import type { Sync } from './sync.js';

const placeholder = sql.placeholder;

export function createIdempotencyRepo(db: Db): Sync<IdempotencyRepo> {
  const t = idempotencyRecords;
  const find = db
    .select()
    .from(t)
    .where(and(eq(t.accountId, placeholder('accountId')), eq(t.key, placeholder('key'))))
    .prepare();
  const remove = db
    .delete(t)
    .where(eq(t.id, placeholder('id')))
    .prepare();
  const insert = db
    .insert(t)
    .values({
      accountId: placeholder('accountId'),
      key: placeholder('key'),
      requestHash: placeholder('requestHash'),
      createdAt: placeholder('createdAt'),
    })
    .onConflictDoNothing()
    .prepare();
  const complete = db
    .update(t)
    .set({
      status: sql`${placeholder('status')}`,
      contentType: sql`${placeholder('contentType')}`,
      body: sql`${placeholder('body')}`,
    })
    .where(and(eq(t.id, placeholder('claim')), isNull(t.status)))
    .prepare();
  const release = db
    .delete(t)
    .where(and(eq(t.id, placeholder('claim')), isNull(t.status)))
    .prepare();
  const removeExpired = db
    .delete(t)
    .where(lte(t.createdAt, placeholder('expiredBefore')))
    .prepare();

  return {
    claim(request) {
      const { accountId, key, requestHash, now, expiredBefore, abandonedBefore } = request;
      // A new try follows only a row that went away (expired, or freed by its request) since the
      // insert; a key that keeps changing under it three times is as good as in flight.
      for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = insert.run({ accountId, key, requestHash, createdAt: now });
        if (inserted.changes === 1) return { outcome: 'claimed', claim: Number(inserted.lastInsertRowid) };
        const row = find.get({ accountId, key });
        // Gone since the insert (released or expired elsewhere): try again.
        if (row === undefined) continue;
        const alive =
          row.createdAt > expiredBefore && (row.status !== null || row.createdAt > abandonedBefore);
        if (!alive) {
          remove.run({ id: row.id });
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
    complete(claim, answer) {
      complete.run({ claim, ...answer });
    },
    release(claim) {
      release.run({ claim });
    },
    /** One pass over the created-at index and at most `keep` steps of the primary key's. */
    trim(expiredBefore, keep) {
      db.transaction(() => {
        removeExpired.run({ expiredBefore });
        const newestDropped = db.select({ id: t.id }).from(t).orderBy(desc(t.id)).limit(1).offset(keep).get();
        if (newestDropped) db.delete(t).where(lte(t.id, newestDropped.id)).run();
      });
    },
    deleteAll() {
      db.delete(t).run();
    },
  };
}
