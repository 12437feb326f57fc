/**
 * A request no route takes, but to a path an operation of the platform's or the admin API's
 * contract has: the method is what is wrong, so it answers `405` with `Allow` (the contracts'
 * `x-unmatched-requests`), not the unknown route's `404`. The methods come from the contracts'
 * operation tables, through the same matcher the proxy uses, so they cannot disagree with the routes
 * registered from those tables; a `GET` path also takes `HEAD`, as Fastify serves it.
 */
import { adminContract } from '@assistant-platform/types/admin';
import { operationMatcher, platformContract } from '@assistant-platform/types/validation';

const APIS = [
  { prefix: '/v1', match: operationMatcher(platformContract) },
  { prefix: '/_admin', match: operationMatcher(adminContract) },
];

/** The `Allow` header's methods for a request `url` whose method no route takes, or undefined (a 404). */
export function allowedMethods(method: string, url: string): string[] | undefined {
  const path = url.split('?', 1)[0] as string;
  for (const { prefix, match } of APIS) {
    if (!path.startsWith(`${prefix}/`)) continue;
    const { match: found, methods } = match(method, path.slice(prefix.length));
    // A method a path's operation takes reached no route: a path parameter no route matched.
    if (found !== undefined || methods.length === 0) return undefined;
    const allowed = new Set(methods);
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed];
  }
  return undefined;
}
