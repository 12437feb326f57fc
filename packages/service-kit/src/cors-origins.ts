/**
 * What the reference server and the gateway answer a browser page on another origin (CORS), decided
 * once for both: how `CORS_ORIGINS` is read, and which response headers the page's script may read.
 */

/**
 * Headers a page's script may read besides the CORS-safelisted ones: the request id to quote in a
 * bug report, and how long to wait after a 429.
 */
export const CORS_EXPOSED_HEADERS = [
  'x-request-id',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
] as const;

/** Any origin (`*`), or the exact origins allowed (`scheme://host[:port]`). */
export type CorsOrigins = '*' | readonly string[];

/**
 * `CORS_ORIGINS` as the origins it allows: `*`, or comma-separated origins such as
 * `http://localhost:5173,https://app.example.com` (a trailing slash is dropped, as browsers never
 * send one). Throws an Error whose message says what to write instead of a bad entry.
 */
export function parseCorsOrigins(value: string): CorsOrigins {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || entries.includes('*')) return '*';
  return entries.map((entry) => {
    const origin = originOf(entry);
    if (origin === undefined)
      throw new Error(
        `"${entry}" is not an origin: write scheme://host[:port] (e.g. http://localhost:5173), comma-separated, or * for any`,
      );
    return origin;
  });
}

function originOf(entry: string): string | undefined {
  // `new URL('localhost:5173')` would parse, as scheme `localhost:`.
  if (!/^https?:\/\//i.test(entry)) return undefined;
  try {
    const url = new URL(entry);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return bare ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
