/**
 * The contract's `PathPattern`, shared by journal filters and fault rules: a path matches itself,
 * and a pattern ending in `*` matches every path that starts with what precedes the star (so
 * `/v1/agents/*` matches `/v1/agents/view/1`, and `/v1*` every platform path). No other wildcard.
 */
export function matchesPath(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}
