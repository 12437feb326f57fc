/**
 * Keeps what the proxy forwards under its target's base path. A URL parser resolves dot segments
 * (`/v1/../_admin/state` is `/_admin/state`), spelled plainly or percent-encoded (`%2e%2e`, `.%2E`),
 * and treats `\` as `/`; a server behind the target may decode `%2F` and `%5C` into separators
 * before it routes. Any of these would let a caller's token reach whatever the target's origin
 * serves beside the platform (its admin API, say). So a request path with a segment that is `.` or
 * `..` once decoded, a `\`, or an encoded `/` or `\` is refused with 400 before anything is sent,
 * and the URL the target would get is checked to stay under its base path.
 */
import { ApiError } from '../contract/api-error.js';

/** The issue a refused path is answered with (`errors[0]`). */
export const OUTSIDE_BASE_ISSUE = {
  path: 'path',
  message: 'must not contain `.` or `..` segments (plain or percent-encoded), `\\`, `%2F` or `%5C`',
};

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Whether a path as received (percent-encoded, without its query) could leave the base path it is under. */
export function leavesBase(path: string): boolean {
  if (path.includes('\\')) return true;
  for (const segment of path.split('/')) {
    if (!segment.includes('.') && !segment.includes('%')) continue;
    const text = decoded(segment);
    if (text === '.' || text === '..' || text.includes('/') || text.includes('\\')) return true;
  }
  return false;
}

/**
 * The target URL of a request whose path (and query) after `/v1` is `pathAndQuery`; throws the 400
 * when it would leave the target's base path (`base`, the target's path: a caller asking on every
 * request parses it once).
 */
export function confinedUrl(target: string, pathAndQuery: string, base = new URL(target).pathname): string {
  const queryAt = pathAndQuery.indexOf('?');
  const path = queryAt < 0 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const url = `${target}${pathAndQuery}`;
  const resolved = pathnameOf(url);
  const under = resolved !== undefined && (resolved === base || resolved.startsWith(`${base}/`));
  if (leavesBase(path) || !under) throw new ApiError(400, [OUTSIDE_BASE_ISSUE]);
  return url;
}

/** The path a URL parser makes of `url`; undefined when it is no URL (one parse, not a check and a parse). */
function pathnameOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}
