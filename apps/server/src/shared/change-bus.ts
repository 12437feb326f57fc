/**
 * The ChangeBus of the instances sharing a Redis: each announces on one channel that it revoked a
 * token or replaced data (db/lookup-caches.ts calls `announce()` once the change has committed), and
 * every message moves the epoch the token and agent caches watch, so the other instances empty
 * theirs as soon as they hear of it. It is a second watch beside the store's own, which stays what
 * guarantees freshness: PostgreSQL's LISTEN/NOTIFY also sees writers that do not announce (the CLI,
 * psql), and SQLite's data_version is polled every 0.1 s; instances on one SQLite file learn of
 * each other's changes at once with it. A message missed while the subscription was down is
 * covered by moving the epoch once it is back.
 */
import type { ChangeBus } from '../db/change-watch.js';
import type { SharedRedis } from './shared-redis.js';

const CHANNEL = 'changes';

export async function redisChangeBus(shared: SharedRedis): Promise<ChangeBus> {
  let epoch = 0;
  await shared.subscribe(CHANNEL, () => {
    epoch++;
  });
  shared.onResubscribed(() => {
    epoch++;
  });
  return {
    epoch: () => epoch,
    announce() {
      if (shared.isUp()) void shared.commands.publish(shared.key(CHANNEL), '').catch(() => undefined);
    },
    close: async () => undefined,
  };
}
