/**
 * The stored answers of `Idempotency-Key`s on SQLite (table `idempotency_records`; see
 * IdempotencyRepo in ../store.ts for what it promises). A new key costs one insert; a key already
 * there is read, and replaced (delete by id, insert again) only when it is past its retention or
 * has no answer (a claim an earlier version left). SQLite has one writer, so a claim inside a
 * request's transaction never waits for another's in this process: the other has committed or
 * rolled back before this one began.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { keyRecordOf } from '../rows.js';
import type { ClaimOutcome, IdempotencyRepo, KeyRecord, KeyRequest, StoredAnswer } from '../store.js';
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
      status: sql`${placeholder('status')}`,
      contentType: sql`${placeholder('contentType')}`,
      body: sql`${placeholder('body')}`,
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
    .where(and(eq(t.accountId, placeholder('accountId')), eq(t.key, placeholder('key'))))
    .prepare();
  const removeExpired = db
    .delete(t)
    .where(lte(t.createdAt, placeholder('expiredBefore')))
    .prepare();
  const newestDropped = db
    .select({ id: t.id })
    .from(t)
    .where(eq(t.accountId, placeholder('accountId')))
    .orderBy(desc(t.id))
    .limit(1)
    .offset(placeholder('keep'))
    .prepare();
  const removeOldest = db
    .delete(t)
    .where(and(eq(t.accountId, placeholder('accountId')), lte(t.id, placeholder('id'))))
    .prepare();

  /**
   * Inserts the key's row (with `answer`, or none for a claim) unless a live one is there: its
   * record then. A row past its retention or without an answer is replaced.
   */
  const put = (request: KeyRequest, answer: StoredAnswer | null): KeyRecord | undefined => {
    const { accountId, key, requestHash, now, expiredBefore } = request;
    const values = {
      accountId,
      key,
      requestHash,
      createdAt: now,
      status: null,
      contentType: null,
      body: null,
    };
    for (;;) {
      if (insert.run({ ...values, ...answer }).changes === 1) return undefined;
      const row = find.get({ accountId, key });
      const record = keyRecordOf(row, expiredBefore);
      if (record !== undefined) return record;
      if (row !== undefined) remove.run({ id: row.id });
    }
  };

  return {
    find(accountId, key, expiredBefore) {
      return keyRecordOf(find.get({ accountId, key }), expiredBefore);
    },
    claim(request): ClaimOutcome {
      const record = put(request, null);
      return record === undefined ? { outcome: 'claimed' } : { outcome: 'found', record };
    },
    complete(accountId, key, answer) {
      complete.run({ accountId, key, ...answer });
    },
    store(request, answer) {
      return db.transaction(() => put(request, answer), { behavior: 'immediate' });
    },
    /** One pass over the created-at index, then at most `keep` steps of the account's (account, id) one. */
    trim(accountId, expiredBefore, keep) {
      db.transaction(
        () => {
          removeExpired.run({ expiredBefore });
          const dropped = newestDropped.get({ accountId, keep });
          if (dropped) removeOldest.run({ accountId, id: dropped.id });
        },
        { behavior: 'immediate' },
      );
    },
    deleteAll() {
      db.delete(t).run();
    },
  };
}
