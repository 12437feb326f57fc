import { fileURLToPath } from 'node:url';

/**
 * DATABASE_URL as the SQLite path it names. The server stores data only in SQLite, so a URL of any
 * other scheme (postgres://, mysql://, http://, …) is refused rather than taken as a relative file
 * name (which created a `postgres:` folder tree). `file:` URLs are accepted, as other SQLite tools
 * write them: `file:///abs/path.sqlite`, `file:./rel.sqlite` or `file:rel.sqlite`; SQLite URI
 * parameters (`?mode=ro`, …) are refused, since they would be ignored.
 * Returns the path, or throws a message for ConfigError.
 */
export function databasePathOf(url: string): string {
  if (url === ':memory:') return url;
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(url)?.[1];
  if (scheme === undefined) return url;
  if (scheme.toLowerCase() !== 'file')
    throw new Error(
      `${scheme}: URLs are not supported; the reference server uses SQLite: give a file path, a file: URL or :memory:`,
    );
  if (/[?#]/.test(url)) throw new Error('file: URLs with ?parameters or #fragments are not supported');
  const rest = url.slice('file:'.length);
  if (rest.startsWith('//')) {
    try {
      return fileURLToPath(url);
    } catch {
      throw new Error('must be file:///absolute/path (a file: URL on another host is not supported)');
    }
  }
  if (rest === '') throw new Error('file: names no file');
  return decodeURIComponent(rest);
}
