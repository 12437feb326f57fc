/**
 * "Copy as curl" for a journal entry: the same method, URL and body, replayable from a shell, with
 * only the headers that change what the server does: `authorization` (as a placeholder: the
 * journal never holds the token, the server redacts it), `content-type`, `idempotency-key` and
 * `prefer` (the faults a request asked for). Everything else a browser or client library sends by
 * itself (`accept-language`, `sec-fetch-*`, `user-agent`, `origin`, cookies…) is left out, and so is
 * `x-request-id`: a replay is a new request and gets an id of its own.
 */
import type { JournalEntry } from '@assistant-platform/types/admin';

export const TOKEN_PLACEHOLDER = '$TOKEN';

/** The request headers a replay keeps, in the order they are written. */
export const REPLAYED_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'prefer'] as const;

/** Quoted for a POSIX shell: inside single quotes nothing is special but the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function curlCommand(entry: JournalEntry, origin: string): string {
  const url = `${origin}${entry.path}${entry.query ? `?${entry.query}` : ''}`;
  const parts = ['curl'];
  if (entry.method !== 'GET') parts.push('-X', entry.method);
  parts.push(shellQuote(url));
  const headers = new Map(
    Object.entries(entry.requestHeaders).map(([name, value]) => [name.toLowerCase(), value]),
  );
  for (const name of REPLAYED_HEADERS) {
    const value = headers.get(name);
    if (value === undefined) continue;
    // Double quotes, so the shell fills in the token from the variable.
    if (name === 'authorization') parts.push('-H', `"authorization: Bearer ${TOKEN_PLACEHOLDER}"`);
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (entry.requestBody !== null) {
    const body =
      typeof entry.requestBody === 'string' ? entry.requestBody : JSON.stringify(entry.requestBody);
    parts.push('--data-raw', shellQuote(body));
  }
  if (entry.events !== null) parts.push('--no-buffer');
  return parts.join(' ');
}
