/**
 * How the token and agent caches learn that someone else changed the rows they hold: another
 * process on the same SQLite file (`assistant-server token revoke`), another instance on the same
 * PostgreSQL database, anyone with psql. Each store brings its own watch (SQLite's data_version,
 * PostgreSQL's LISTEN/NOTIFY); with REDIS_URL a channel every instance announces its changes on is
 * one more (a ChangeBus, src/shared/change-bus.ts), since all a cache asks is whether the epoch
 * moved since it last looked. This process's own writes clear the caches directly, so a watch only
 * has to see the others'.
 */
export interface ChangeWatch {
  /**
   * A number that changes whenever rows a cache may hold might have changed elsewhere. Called on
   * every cached lookup, so it must cost next to nothing; it may be stale by a bounded delay.
   */
  epoch(): number;
  close(): Promise<void>;
}

/** For stores nothing else can write to (`:memory:`): the epoch never moves. */
export const NO_FOREIGN_CHANGES: ChangeWatch = { epoch: () => 0, close: async () => undefined };

/**
 * A watch this process also tells of its own changes, for the other instances: `announce()` after a
 * change a cache may hold (a revocation, rows deleted) has committed.
 */
export interface ChangeBus extends ChangeWatch {
  announce(): void;
}

/** The store's own watch, with a bus beside it: the epoch moves when either's does. */
export function watchWithBus(watch: ChangeWatch, bus: ChangeBus | undefined): ChangeWatch {
  if (bus === undefined) return watch;
  // Both only ever grow, so their sum changes exactly when one of them does.
  return { epoch: () => watch.epoch() + bus.epoch(), close: () => watch.close() };
}
