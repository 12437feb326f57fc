import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface OpenDatabase {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

/**
 * The package's drizzle/ folder, found by walking up from this module: it sits at a different depth
 * in src/db (tests), dist/db (tsc output) and dist/ (the bundled CLI).
 */
function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('the drizzle/ migrations folder of @assistant-platform/server is missing');
    dir = parent;
  }
}

const MIGRATIONS_FOLDER = migrationsFolder();

/**
 * Opens (creating folders as needed) and migrates the database. WAL with synchronous=NORMAL keeps
 * every committed transaction across a process crash (kill -9); only a power loss may drop the
 * last commits, which is acceptable for a development server.
 */
export function openDatabase(url: string): OpenDatabase {
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = new Database(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    sqlite,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}
