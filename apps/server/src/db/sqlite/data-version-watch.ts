import type Database from 'better-sqlite3';
import type { ChangeWatch } from '../change-watch.js';

/** How stale a cache may be with respect to other processes' writes. */
const CHECK_INTERVAL_MS = 100;

/**
 * Moves its epoch when another connection (e.g. `assistant-server token revoke` in another
 * process) has committed. SQLite's `data_version` changes only for other connections' commits, so
 * caches that are also cleared on this process's own writes stay exact, give or take
 * CHECK_INTERVAL_MS: checking on every request cost more than the token look-up it saves.
 */
export function watchDataVersion(sqlite: Database.Database): ChangeWatch {
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let last = dataVersion.get();
  let checkedAt = Date.now();
  let epoch = 0;
  return {
    epoch() {
      const now = Date.now();
      if (now - checkedAt < CHECK_INTERVAL_MS || !sqlite.open) return epoch;
      checkedAt = now;
      const version = dataVersion.get();
      if (version !== last) {
        last = version;
        epoch++;
      }
      return epoch;
    },
    close: async () => undefined,
  };
}
