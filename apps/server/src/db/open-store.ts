import type { DatabaseTarget } from '../config/database-url.js';
import type { ChangeBus } from './change-watch.js';
import type { Store } from './store.js';

interface StoreLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/**
 * Opens, checks and migrates the database DATABASE_URL names. Each dialect's module (and its
 * driver) is loaded only when chosen, so a SQLite server never loads pg, nor PostgreSQL's
 * better-sqlite3. `bus` (with REDIS_URL) is told of this process's changes and tells the caches of
 * the other instances', beside the store's own watch. `server` is set by a server (not a one-shot
 * CLI command), which keeps its store open for long.
 */
export async function openStore(
  target: DatabaseTarget,
  log: StoreLog,
  bus?: ChangeBus,
  { server = false }: { server?: boolean } = {},
): Promise<Store> {
  if (target.dialect === 'sqlite') {
    const { openSqliteStore } = await import('./sqlite/sqlite-store.js');
    // A server checkpoints SQLite's log on a thread of its own; a one-shot command leaves it to SQLite.
    return openSqliteStore(
      target.path,
      bus,
      server ? { warn: (details, message) => log.warn(details, message) } : undefined,
    );
  }
  const { openPostgresStore } = await import('./postgres/postgres-store.js');
  return openPostgresStore(target, log, bus);
}
