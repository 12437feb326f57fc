/**
 * The stored answers of `Idempotency-Key`s (table `idempotency_records`). Storage only: what a key
 * may do (how long it lives, how many are kept) is decided by pipeline/idempotency.ts and passed in
 * as times and counts, so that a port to another database keeps these few statements and nothing
 * else. A claim is an insert that the unique index of (account, key) arbitrates, so of two servers
 * sharing the database only one takes a key: a new key costs that one statement; a key already
 * there is read, and replaced (delete by id, insert again) only when it expired.
 */
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { idempotencyRecords } from './schema.js';

/** The stored first answer of a key. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

export interface ClaimRequest {
  accountId: number;
  key: string;
  requestHash: string;
  /** Now, in milliseconds since the epoch. */
  now: number;
  /** Rows created at or before this are gone (past their retention). */
  expiredBefore: number;
  /** Rows still in flight created at or before this are abandoned (their server stopped). */
  abandonedBefore: number;
}

export type ClaimOutcome =
  /** The key is this request's: complete or release it with `claim` (its row's id). */
  | { outcome: 'claimed'; claim: number }
  | { outcome: 'replay'; answer: StoredAnswer }
  | { outcome: 'in-flight' }
  /** The key was first sent with another request. */
  | { outcome: 'reused' };

const placeholder = sql.placeholder;

export function createIdempotencyRepo(db: Db) {
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
    /** Takes a key for a request, or says why not; an expired or abandoned row is replaced. */
    claim(request: ClaimRequest): ClaimOutcome {
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
    /** Stores the answer of a claimed key (a claim already replaced by another is left alone). */
    complete(claim: number, answer: StoredAnswer): void {
      complete.run({ claim, ...answer });
    },
    /** Frees a claimed key whose request produced no answer to keep. */
    release(claim: number): void {
      release.run({ claim });
    },
    /**
     * Forgets expired rows, then the oldest beyond `keep`: one pass over the created-at index and
     * at most `keep` steps of the primary key's.
     */
    trim(expiredBefore: number, keep: number): void {
      db.transaction(() => {
        removeExpired.run({ expiredBefore });
        const newestDropped = db.select({ id: t.id }).from(t).orderBy(desc(t.id)).limit(1).offset(keep).get();
        if (newestDropped) db.delete(t).where(lte(t.id, newestDropped.id)).run();
      });
    },
    deleteAll(): void {
      db.delete(t).run();
    },
  };
}

export type IdempotencyRepo = ReturnType<typeof createIdempotencyRepo>;
