import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { migrationsFolder } from '../migrations-folder.js';
import { StorageError } from '../storage-error.js';
import { prepareDatabasePath } from './database-path.js';
import { type FileIdentity, IN_MEMORY_IDENTITY, recordFileIdentity } from './file-identity.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface OpenSqlite {
  db: Db;
  sqlite: Database.Database;
  /** The files opened, to tell when they are deleted or replaced under the running server. */
  identity: FileIdentity;
  /** Throws a StorageError when a write now could not be kept (file gone, replaced, or closed). */
  assertDurable(): void;
  close(): void;
}

const MIGRATIONS_FOLDER = migrationsFolder('sqlite');
/**
 * The write-ahead log is started over, not shrunk, once copied into the file: without a limit its
 * file kept the size of its largest burst for good. With one, the commit that starts it over cuts
 * it back to this size, whoever made the checkpoints (a server's thread or SQLite itself).
 */
const LOG_FILE_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Opens (creating folders as needed), checks and migrates the database. WAL with synchronous=NORMAL
 * keeps every committed transaction across a process crash (kill -9); only a power loss may drop the
 * last commits, which is acceptable for a development server.
 *
 * `PRAGMA quick_check` rather than `integrity_check`: it reads every page of every table and index,
 * so torn or overwritten pages and malformed records stop start-up, in time linear in the file;
 * integrity_check also cross-checks every index entry against its row, which costs a lookup per
 * row on every start for a kind of damage quick_check's page checks already make very unlikely.
 */
export function openSqlite(url: string): OpenSqlite {
  if (url !== ':memory:') prepareDatabasePath(url);
  let sqlite: Database.Database | undefined;
  let db: Db;
  try {
    sqlite = new Database(url);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma(`journal_size_limit = ${LOG_FILE_LIMIT_BYTES}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    if (url !== ':memory:') {
      const check = sqlite.pragma('quick_check', { simple: true });
      if (check !== 'ok')
        throw new StorageError(`DATABASE_URL=${url}: the database file is corrupted (quick_check: ${check})`);
    }
    db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    sqlite?.close();
    if (error instanceof StorageError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new StorageError(`DATABASE_URL=${url}: cannot use it as a SQLite database (${reason})`, {
      cause: error,
    });
  }
  const opened = sqlite;
  const identity = url === ':memory:' ? IN_MEMORY_IDENTITY : recordFileIdentity(url);
  return {
    db,
    sqlite: opened,
    identity,
    assertDurable() {
      if (!opened.open) throw new StorageError('the database is closed');
      const problem = identity.problem();
      if (problem) throw new StorageError(`the database cannot keep writes: ${problem}`);
    },
    close: () => {
      if (opened.open) opened.close();
    },
  };
}
