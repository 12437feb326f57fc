import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The database DATABASE_URL names: a SQLite file, or `:memory:`. */
export type DatabaseTarget = { dialect: 'sqlite'; path: string };

/**
 * DATABASE_URL as the database it names. The server stores data only in SQLite, so a URL of any
 * other scheme (postgres://, mysql://, http://, …) is refused rather than taken as a relative file
 * name (which created a `postgres:` folder tree). `file:` URLs are SQLite paths, as other SQLite tools write them:
 * `file:///abs/path.sqlite`, `file:./rel.sqlite` or `file:rel.sqlite`; SQLite URI parameters
 * (`?mode=ro`, …) are refused, since they would be ignored. Throws a message for ConfigError.
 */
export function databaseTargetOf(url: string): DatabaseTarget {
  if (url === ':memory:') return { dialect: 'sqlite', path: url };
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return { dialect: 'sqlite', path: url };
  if (scheme !== 'file')
    throw new Error(
      `${scheme}: URLs are not supported; the reference server uses SQLite: give a file path, a file: URL or :memory:`,
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

/** The database as messages name it: a SQLite file's absolute path. */
export function databaseName(target: DatabaseTarget): string {
  return target.path === ':memory:' ? 'in memory (gone when the server stops)' : resolve(target.path);
}
