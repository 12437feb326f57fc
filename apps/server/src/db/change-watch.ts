import type { Db } from './open-database.js';

/** How stale a cache may be with respect to other processes' writes. */
const CHECK_INTERVAL_MS = 100;

/**
 * Tells whether another connection (e.g. `assistant-server token revoke` in another process) has
 * committed since the last check. SQLite's `data_version` changes only for other connections'
 * commits, so a cache that is also cleared on this process's own writes stays exact, give or take
 * CHECK_INTERVAL_MS: checking on every request cost more than the token look-up it saves.
 */
export function watchForeignCommits(db: Db): () => boolean {
  const dataVersion = db.$client.prepare('PRAGMA data_version').pluck();
  let last = dataVersion.get();
  let checkedAt = Date.now();
  return () => {
    const now = Date.now();
    if (now - checkedAt < CHECK_INTERVAL_MS) return false;
    checkedAt = now;
    const version = dataVersion.get();
    if (version === last) return false;
    last = version;
    return true;
  };
}
