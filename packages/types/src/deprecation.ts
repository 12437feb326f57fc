/**
 * Deprecation from the contract, one runtime for the server, the SDK and the gateway. The
 * generator writes what the YAML deprecates (`deprecated: true`, `x-deprecated-at`, `x-sunset`)
 * as a table (generated/deprecations.ts); from it `deprecatedUses` tells which deprecated things a
 * request touches (the operation, a parameter or body field it sends, a field its answer carries),
 * `deprecationHeaders` the headers that announce them — `Deprecation` (RFC 9745: the date it was
 * deprecated), `Sunset` (RFC 8594: the date it goes away) and `Link`s to the docs — and
 * `readDeprecationHeaders` what a client reads back from them.
 */

export interface Deprecation {
  /** When it was deprecated (`x-deprecated-at`): a date or a UTC date-time. */
  since: string;
  /** When it goes away (`x-sunset`), if the contract says. */
  sunset?: string;
}

export interface OperationDeprecations {
  method: string;
  path: string;
  /** The fragment of the operation on the docs page (`/docs`). */
  docs: string;
  operation?: Deprecation;
  /** By `<in> <name>`, e.g. `query mode`, `header x-tenant` (a header's name in lower case). */
  parameters?: Record<string, Deprecation>;
  /** By dotted path in the JSON body, `[]` for an array's items: `tools[].name`. */
  requestFields?: Record<string, Deprecation>;
  /** The same in the JSON answers. */
  responseFields?: Record<string, Deprecation>;
}

/** Per operationId, what the contract deprecates (only operations with something deprecated). */
export type DeprecationTable = Readonly<Record<string, OperationDeprecations>>;

/** One deprecated thing a request touched. */
export interface DeprecatedUse extends Deprecation {
  operationId: string;
  /** What, in words: `operation getAgent`, `query parameter mode`, `request field tools[].name`. */
  item: string;
  docs: string;
}

/** What a request sends, as far as deprecation cares. */
export interface SentRequest {
  query?: Record<string, unknown>;
  /** Header names (any case). */
  headers?: Iterable<string>;
  body?: unknown;
}

/** Whether the dotted `path` (with `[]` for any item) is present in `value`. */
function present(value: unknown, path: string[]): boolean {
  if (path.length === 0) return value !== undefined;
  const [head, ...rest] = path as [string, ...string[]];
  if (head.endsWith('[]')) {
    const list = head === '[]' ? value : (value as Record<string, unknown> | null)?.[head.slice(0, -2)];
    return Array.isArray(list) && list.some((item) => present(item, rest));
  }
  if (value === null || typeof value !== 'object') return false;
  return present((value as Record<string, unknown>)[head], rest);
}

const split = (path: string) => path.replace(/\[\]/g, '[].').split('.').filter(Boolean);

/** The deprecated things of `operationId` that `request` touches, and those its answers carry. */
export function deprecatedUses(
  table: DeprecationTable,
  operationId: string,
  request: SentRequest,
): DeprecatedUse[] {
  const entry = table[operationId];
  if (!entry) return [];
  const uses: DeprecatedUse[] = [];
  const use = (item: string, deprecation: Deprecation) =>
    uses.push({ operationId, item, docs: entry.docs, ...deprecation });
  if (entry.operation) use(`operation ${operationId}`, entry.operation);
  const headers = new Set([...(request.headers ?? [])].map((name) => name.toLowerCase()));
  for (const [key, deprecation] of Object.entries(entry.parameters ?? {})) {
    const [where, name] = key.split(' ') as [string, string];
    const sent =
      where === 'path' ||
      (where === 'query' && request.query?.[name] !== undefined) ||
      (where === 'header' && headers.has(name));
    if (sent) use(`${where} parameter ${name}`, deprecation);
  }
  for (const [path, deprecation] of Object.entries(entry.requestFields ?? {})) {
    if (present(request.body, split(path))) use(`request field ${path}`, deprecation);
  }
  for (const [path, deprecation] of Object.entries(entry.responseFields ?? {}))
    use(`response field ${path}`, deprecation);
  return uses;
}

/** A contract date as a Date (a day is its midnight UTC). */
const asDate = (date: string) => new Date(date.length === 10 ? `${date}T00:00:00.000Z` : date);

/**
 * The headers announcing `uses` (none when empty): `Deprecation: @<seconds>` of the earliest
 * deprecation, `Sunset: <HTTP-date>` of the earliest sunset, and a `Link` to the docs with
 * `rel="deprecation"` (and `rel="sunset"` when there is a sunset). `docsUrl` is the docs page's
 * URL (`/docs` on the reference server).
 */
export function deprecationHeaders(uses: readonly DeprecatedUse[], docsUrl: string): Record<string, string> {
  if (uses.length === 0) return {};
  const earliest = (dates: string[]) => dates.map(asDate).sort((a, b) => a.getTime() - b.getTime())[0];
  const since = earliest(uses.map((use) => use.since)) as Date;
  const sunset = earliest(uses.flatMap((use) => (use.sunset ? [use.sunset] : [])));
  const docs = `${docsUrl}${uses[0]?.docs ?? ''}`;
  const links = [`<${docs}>; rel="deprecation"; type="text/html"`];
  if (sunset) links.push(`<${docs}>; rel="sunset"; type="text/html"`);
  return {
    deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    ...(sunset ? { sunset: sunset.toUTCString() } : {}),
    link: links.join(', '),
  };
}

/** What a response's deprecation headers say; `undefined` when it has no `Deprecation`. */
export function readDeprecationHeaders(headers: {
  get(name: string): string | null;
}): { since?: Date; sunset?: Date; docs?: string; headers: Record<string, string> } | undefined {
  const deprecation = headers.get('deprecation');
  if (deprecation === null) return undefined;
  const seconds = /^@(-?\d+)$/.exec(deprecation.trim())?.[1];
  const sunset = headers.get('sunset');
  const link = headers.get('link');
  const docs = link === null ? undefined : /<([^>]*)>\s*;[^,]*rel="?deprecation"?/.exec(link)?.[1];
  const passed: Record<string, string> = { deprecation };
  if (sunset !== null) passed.sunset = sunset;
  if (link !== null) passed.link = link;
  return {
    ...(seconds === undefined ? {} : { since: new Date(Number(seconds) * 1000) }),
    ...(sunset === null || Number.isNaN(Date.parse(sunset)) ? {} : { sunset: new Date(sunset) }),
    ...(docs === undefined ? {} : { docs }),
    headers: passed,
  };
}
