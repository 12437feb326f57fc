import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The database DATABASE_URL names: a SQLite file (or `:memory:`), or a PostgreSQL server. */
export type DatabaseTarget =
  | { dialect: 'sqlite'; path: string }
  | {
      dialect: 'postgres';
      /** The URL as given, for the driver only: it may hold a password. */
      url: string;
      /** What messages and logs show: the URL without its password or parameters. */
      display: string;
      /** `host:port`, as errors name the server. */
      server: string;
    };

export type PostgresTarget = Extract<DatabaseTarget, { dialect: 'postgres' }>;

/**
 * DATABASE_URL as the database it names. `postgres://` and `postgresql://` URLs name a PostgreSQL
 * server (node-postgres reads the rest: user, password, host, port, database, `?sslmode=`…); any
 * other scheme (mysql://, http://, …) is refused rather than taken as a relative file name (which
 * created a `mysql:` folder tree). `file:` URLs are SQLite paths, as other SQLite tools write them:
 * `file:///abs/path.sqlite`, `file:./rel.sqlite` or `file:rel.sqlite`; SQLite URI parameters
 * (`?mode=ro`, …) are refused, since they would be ignored. Throws a message for ConfigError.
 */
export function databaseTargetOf(url: string): DatabaseTarget {
  if (url === ':memory:') return { dialect: 'sqlite', path: url };
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return { dialect: 'sqlite', path: url };
  if (scheme === 'postgres' || scheme === 'postgresql') return postgresTargetOf(url);
  if (scheme !== 'file')
    throw new Error(
      `${scheme}: URLs are not supported: give a PostgreSQL URL (postgres://user:password@host:5432/database), a SQLite file path, a file: URL or :memory:`,
    );
  if (/[?#]/.test(url)) throw new Error('file: URLs with ?parameters or #fragments are not supported');
  const rest = url.slice('file:'.length);
  if (rest.startsWith('//')) {
    try {
      return { dialect: 'sqlite', path: fileURLToPath(url) };
    } catch {
      throw new Error('must be file:///absolute/path (a file: URL on another host is not supported)');
    }
  }
  if (rest === '') throw new Error('file: names no file');
  return { dialect: 'sqlite', path: decodeURIComponent(rest) };
}

function postgresTargetOf(url: string): DatabaseTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The URL itself may hold a password: the message never repeats it.
    throw new Error('is not a valid postgres:// URL (postgres://user:password@host:5432/database)');
  }
  // A socket folder may come as ?host=/var/run/postgresql instead of a host name.
  const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
  const server = `${host}:${parsed.port || '5432'}`;
  const user = parsed.username ? `${parsed.username}@` : '';
  const display = `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  return { dialect: 'postgres', url, display, server };
}

/** The database as messages name it: a SQLite file's absolute path, or PostgreSQL's URL without its password. */
export function databaseName(target: DatabaseTarget): string {
  if (target.dialect === 'postgres') return `${target.display} (PostgreSQL)`;
  return target.path === ':memory:' ? 'in memory (gone when the server stops)' : resolve(target.path);
}
