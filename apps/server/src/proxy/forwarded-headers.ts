/**
 * The headers a proxy passes on, per RFC 9110 §7.6: every field as it came (names, order and
 * repeated fields kept), but the hop-by-hop ones, which describe one connection rather than the
 * message (`Connection` and the fields it names, `Keep-Alive`, `Proxy-Connection`, `TE`,
 * `Transfer-Encoding`, `Upgrade`, and the proxy's own `Proxy-Authorization`/`Proxy-Authenticate`);
 * `Host` names the target (§7.2), and `Via` says a proxy was on the way (§7.6.3). The request's
 * `Content-Length` and `Expect` are the client library's to write for the body it sends; `Trailer`
 * goes, as trailers are not forwarded. The answer's are written as received.
 */
import type { IncomingHttpHeaders } from 'node:http';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'transfer-encoding',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
  'trailer',
]);

/** This proxy's entry in `Via`: the protocol it received, and a pseudonym. */
export const VIA = '1.1 assistant-server';

const NONE: ReadonlySet<string> = new Set();

/** The field names the `Connection` header lists (they are hop-by-hop too). */
function connectionOptions(values: readonly string[]): ReadonlySet<string> {
  if (values.length === 0) return NONE;
  const names = new Set<string>();
  for (const value of values) for (const name of value.split(',')) names.add(name.trim().toLowerCase());
  return names;
}

const withVia = (existing: string | undefined) => (existing ? `${existing}, ${VIA}` : VIA);

/**
 * A request's raw headers (names and values alternating, as Node received them) to send to the
 * target at `host`; `prefer` replaces the `Prefer` header (undefined drops it) when the proxy acted
 * on some of its preferences.
 */
export function forwardedRequestHeaders(
  rawHeaders: readonly string[],
  host: string,
  prefer?: { value: string | undefined },
): string[] {
  const connection: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i]?.toLowerCase() === 'connection') connection.push(rawHeaders[i + 1] ?? '');
  const dropped = connectionOptions(connection);
  const forwarded: string[] = [];
  let via: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    const value = rawHeaders[i + 1] ?? '';
    const key = name.toLowerCase();
    if (HOP_BY_HOP.has(key) || dropped.has(key)) continue;
    if (key === 'host' || key === 'content-length' || key === 'expect') continue;
    if (key === 'via') {
      via = via === undefined ? value : `${via}, ${value}`;
      continue;
    }
    if (key === 'prefer' && prefer !== undefined) continue;
    forwarded.push(name, value);
  }
  if (prefer?.value !== undefined) forwarded.push('prefer', prefer.value);
  forwarded.push('host', host, 'via', withVia(via));
  return forwarded;
}

/** The target's answer headers (as undici gives them, lower case) to write to the client. */
export function forwardedResponseHeaders(headers: IncomingHttpHeaders): string[] {
  const connection = headers.connection;
  const dropped = connectionOptions(connection === undefined ? [] : [connection]);
  const forwarded: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || dropped.has(name) || name === 'via') continue;
    for (const one of Array.isArray(value) ? value : [value]) forwarded.push(name, one);
  }
  const via = headers.via;
  forwarded.push('via', withVia(Array.isArray(via) ? via.join(', ') : via));
  return forwarded;
}
