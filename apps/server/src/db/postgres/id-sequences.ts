/**
 * New ids the SQLite way: the highest id of the table plus one. SQLite numbers a row from the
 * table's current rows, PostgreSQL from a sequence that knows nothing of rows written with explicit
 * ids (a seed, a state import) or of rows deleted (a reset). So right after such writes the table's
 * sequence is moved to the highest id the writer sees (its transaction's rows included):
 * - forward only after rows with explicit ids, and only when the sequence is behind the table,
 *   which never hands out an id twice, whatever other instances are inserting at the same time;
 * - exactly after a table was emptied (a state import or a reset replaces all data), and after a
 *   transaction rolled back, since sequences are not transactional: the ids it drew are given again,
 *   as SQLite would. Creating rows on another instance while a reset runs may then meet an id
 *   taken: outside transactions, such an insert moves the sequence forward and tries once more.
 */
import { sql } from 'drizzle-orm';
import { errorCodes, errorConstraints } from '../error-codes.js';
import type { PgDb } from './pg-db.js';

export type IdTable = 'accounts' | 'api_tokens' | 'workspaces' | 'transcriptions' | 'agents';

const ALL_TABLES: readonly IdTable[] = ['accounts', 'api_tokens', 'workspaces', 'transcriptions', 'agents'];

/** How the repositories insert rows and empty tables, so the sequences follow. */
export interface IdWrites {
  /** Runs an insert whose rows are numbered by `table`'s sequence. */
  numbered<T>(table: IdTable, insert: () => Promise<T>): Promise<T>;
  /** Rows with ids of their own were inserted into `table`. */
  explicit(table: IdTable): Promise<void>;
  /** `table` was emptied. */
  emptied(table: IdTable): Promise<void>;
}

/**
 * Moves `table`'s sequence to its highest id: exactly (possibly back), or only forward. Forward,
 * the sequence is set only when it is behind the table: a sequence already past the table is left
 * as it is. Reading it and setting it back to what was read would undo the `nextval`s that
 * concurrent inserts made in between, and hand their ids out a second time.
 */
async function moveSequence(db: PgDb, table: IdTable, exactly: boolean): Promise<void> {
  const next = sql`(SELECT COALESCE(MAX("id"), 0) + 1 FROM ${sql.identifier(table)})`;
  const sequence = `${table}_id_seq`;
  if (exactly) {
    await db.execute(sql`SELECT setval(${sequence}::regclass, ${next}, false)`);
    return;
  }
  await db.execute(
    sql`SELECT setval(${sequence}::regclass, ${next}, false) FROM ${sql.identifier(sequence)}
      WHERE ${next} > CASE WHEN is_called THEN last_value + 1 ELSE last_value END`,
  );
}

/** Outside a transaction: sequences move at once, and an insert meeting a taken id tries again. */
export function immediateIdWrites(db: PgDb): IdWrites {
  return {
    numbered: (table, insert) => retryOnTakenId(db, table, insert),
    explicit: (table) => moveSequence(db, table, false),
    emptied: (table) => moveSequence(db, table, true),
  };
}

/**
 * Inside a transaction: sequences move at once too (from the transaction's view of the rows), and
 * the tables it wrote are noted, so that after a rollback `settle` moves them back to what was
 * committed (`exactly`, as SQLite gives a rolled-back transaction's ids again). A request's
 * transaction (one create and its `Idempotency-Key` answer, which other instances run alongside)
 * moves them only forward (`forward`): past any id taken meanwhile, so the retry of a create that met
 * one gets a free id; moving them back could hand out ids that concurrent transactions hold
 * uncommitted.
 */
export function transactionIdWrites(
  tx: PgDb,
  afterRollback: 'exactly' | 'forward' = 'exactly',
): IdWrites & { settle(db: PgDb, committed: boolean): Promise<void> } {
  const written = new Set<IdTable>();
  return {
    numbered: (table, insert) => {
      written.add(table);
      return insert();
    },
    explicit: (table) => {
      written.add(table);
      return moveSequence(tx, table, false);
    },
    emptied: (table) => {
      written.add(table);
      return moveSequence(tx, table, true);
    },
    async settle(db, committed) {
      if (committed) return;
      for (const table of ALL_TABLES)
        if (written.has(table)) await moveSequence(db, table, afterRollback === 'exactly');
    },
  };
}

/**
 * Runs an insert that lets the sequence number the row; when the id it drew is already taken (a row
 * written with that id by another instance or by hand since the sequence last moved), moves the
 * sequence forward and tries once more. Outside transactions only: inside one, the failed insert
 * has already aborted it.
 */
async function retryOnTakenId<T>(db: PgDb, table: IdTable, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (!errorCodes(error).includes('23505') || !errorConstraints(error).includes(`${table}_pkey`))
      throw error;
    await moveSequence(db, table, false);
    return insert();
  }
}
