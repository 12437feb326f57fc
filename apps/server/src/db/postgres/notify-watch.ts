/**
 * The ChangeWatch of a PostgreSQL store: one connection per instance LISTENs on the channel the
 * tables' triggers notify (drizzle/postgres/0001_change_notify.sql), and every notification moves
 * the epoch, so a token revoked or data replaced through another instance, the CLI or psql empties
 * this instance's caches as soon as its transaction commits (milliseconds, not a polling period).
 * It costs one connection and nothing per request.
 *
 * Notifications sent while the connection is down are lost, so while it is down the epoch moves on
 * every call (no cached row is trusted: each lookup asks the database), it reconnects every second,
 * and reconnecting moves the epoch once more.
 */
import pg from 'pg';
import type { PostgresTarget } from '../../config/database-url.js';
import type { ChangeWatch } from '../change-watch.js';
import { APPLICATION_NAME, poolOptions } from './open-postgres.js';

export const CHANGES_CHANNEL = 'assistant_platform_changes';

const RECONNECT_MS = 1000;

interface WatchLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

export async function watchNotifications(target: PostgresTarget, log: WatchLog): Promise<ChangeWatch> {
  let epoch = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  /** `from` lost its connection: only the connection listening now counts (an old one may end late). */
  const lost = (from: pg.Client, error?: Error) => {
    if (!listening || from !== client) return;
    listening = false;
    client = undefined;
    log.warn({ err: error }, 'lost the PostgreSQL change notifications: caches are off until they are back');
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen().then((ok) => {
        if (ok) log.info('PostgreSQL change notifications are back: caches are on again');
        else schedule();
      });
    }, RECONNECT_MS);
    retry.unref();
  };
  const listen = async (): Promise<boolean> => {
    const { connectionString, connectionTimeoutMillis } = poolOptions(target);
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis,
      application_name: `${APPLICATION_NAME} (changes)`,
    });
    next.on('notification', () => {
      epoch++;
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch {
      await next.end().catch(() => undefined);
      return false;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return false;
    }
    client = next;
    listening = true;
    epoch++;
    return true;
  };

  if (!(await listen())) {
    log.warn({}, 'cannot listen for PostgreSQL change notifications yet: caches are off until it can');
    schedule();
  }
  return {
    epoch: () => (listening ? epoch : ++epoch),
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
