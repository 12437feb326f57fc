/**
 * "Copy as curl" for a journal entry: the same method, URL, headers and body, replayable from a
 * shell. The token is never in the journal (the server redacts it), so the command carries a
 * placeholder the user replaces; headers the client adds by itself are left out.
 */
import type { JournalEntry } from '@assistant-platform/types/admin';

export const TOKEN_PLACEHOLDER = '$TOKEN';

/** Headers curl sets itself or that describe one connection, not the request. */
const SKIPPED = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'user-agent']);

/** Quoted for a POSIX shell: inside single quotes nothing is special but the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function curlCommand(entry: JournalEntry, origin: string): string {
  const url = `${origin}${entry.path}${entry.query ? `?${entry.query}` : ''}`;
  const parts = ['curl'];
  if (entry.method !== 'GET') parts.push('-X', entry.method);
  parts.push(shellQuote(url));
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    if (SKIPPED.has(name)) continue;
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
