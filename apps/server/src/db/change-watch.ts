import type { Db } from './open-database.js';

/**
 * Tells whether another connection (e.g. `assistant-server token revoke` in another process) has
 * committed since the last call. SQLite's `data_version` changes only for other connections'
 * commits, so a cache that is also cleared on this process's own writes stays exact.
 */
export function watchForeignCommits(db: Db): () => boolean {
  const dataVersion = db.$client.prepare('PRAGMA data_version').pluck();
  let last = dataVersion.get();
  return () => {
    const now = dataVersion.get();
    if (now === last) return false;
    last = now;
    return true;
  };
}
