/**
 * The request list's filters, applied in the page to the entries it holds (those it read first and
 * those the stream brought since), so typing never waits on the server. Empty fields match all.
 * The body search looks, ignoring case, through what the detail shows: the request's body, the
 * answer's body or its stream's events, and a streamed chat's assembled answer (a phrase the
 * stream cut into several events is found too). Each entry's text is made once and kept beside it.
 */
import type { JournalEntry } from '@assistant-platform/types/admin';
import { streamAnswer } from './stream-answer.js';

export interface RequestFilter {
  method: string;
  /** A part of the path, or a prefix ending in `*` as the admin API's path patterns. */
  path: string;
  /** An exact status ("503"), or a class ("5xx"). */
  status: string;
  tokenName: string;
  /** Text in a body, any case. */
  body: string;
}

export const NO_FILTER: RequestFilter = { method: '', path: '', status: '', tokenName: '', body: '' };

const bodyTexts = new WeakMap<JournalEntry, string>();

const textOf = (body: unknown) =>
  body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);

/** The entry's bodies as one lower-case text to search in. */
function bodyText(entry: JournalEntry): string {
  let text = bodyTexts.get(entry);
  if (text === undefined) {
    const parts = [textOf(entry.requestBody), textOf(entry.responseBody)];
    if (entry.events !== null)
      parts.push(...entry.events.map((event) => event.data), streamAnswer(entry.events, false).text);
    text = parts.join('\n').toLowerCase();
    bodyTexts.set(entry, text);
  }
  return text;
}

function statusMatches(wanted: string, status: number | null): boolean {
  const text = wanted.trim().toLowerCase();
  if (text === '') return true;
  if (status === null) return text === 'none';
  const klass = /^([1-5])xx$/.exec(text);
  if (klass) return Math.floor(status / 100) === Number(klass[1]);
  return String(status) === text;
}

function pathMatches(wanted: string, path: string): boolean {
  const text = wanted.trim();
  if (text === '') return true;
  if (text.endsWith('*')) return path.startsWith(text.slice(0, -1));
  return path.includes(text);
}

export function matchesFilter(entry: JournalEntry, filter: RequestFilter): boolean {
  if (filter.method !== '' && entry.method !== filter.method) return false;
  if (!pathMatches(filter.path, entry.path)) return false;
  if (!statusMatches(filter.status, entry.status)) return false;
  const token = filter.tokenName.trim();
  if (token !== '' && entry.token?.name !== token) return false;
  const body = filter.body.trim().toLowerCase();
  if (body !== '' && !bodyText(entry).includes(body)) return false;
  return true;
}

/**
 * Newest first, without duplicates (an entry read by both the list and the stream), at most `max`.
 * An entry is known by its id and request id together: ids start from 1 again when the journal is
 * emptied (a reset), and a new entry must not be taken for an old one.
 */
export const entryKey = (entry: JournalEntry): string => `${entry.id} ${entry.requestId}`;

export function mergeEntries(held: JournalEntry[], incoming: JournalEntry[], max: number): JournalEntry[] {
  const byKey = new Map<string, JournalEntry>();
  for (const entry of [...incoming, ...held]) {
    const key = entryKey(entry);
    if (!byKey.has(key)) byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id).slice(0, max);
}
