/**
 * What the request list shows of the entries the page holds, with two controls of the view alone
 * (neither changes the server's journal, which other people and tools read too):
 * - Pause keeps the list as it was (the entries held at that moment), so a row does not move away
 *   while it is read; the stream goes on and the entries that came meanwhile are counted, shown
 *   on Resume.
 * - Clear hides the entries held at that moment, by key, so the list starts empty and fills with
 *   the requests made after it; reading the journal again (the stream reconnecting) brings the
 *   hidden ones back to the page but not into view. "Show cleared" undoes it.
 * The filters then apply to what is left.
 */
import type { JournalEntry } from '@assistant-platform/types/admin';
import { entryKey, matchesFilter, type RequestFilter } from './request-filter.js';

export interface ListControls {
  /** The entries held when the list was paused; null while it follows the stream. */
  frozen: JournalEntry[] | null;
  /** Keys of the entries cleared from view. */
  cleared: ReadonlySet<string>;
}

export const LIVE_LIST: ListControls = { frozen: null, cleared: new Set() };

export interface ListView {
  /** The rows, newest first. */
  shown: JournalEntry[];
  /** How many entries are in view before the filters (the "of N"). */
  total: number;
  /** Entries that came since the list was paused. */
  arrived: number;
  /** Entries held but cleared from view. */
  hidden: number;
}

export function listView(entries: JournalEntry[], controls: ListControls, filter: RequestFilter): ListView {
  const inView = (entry: JournalEntry) => !controls.cleared.has(entryKey(entry));
  const base = (controls.frozen ?? entries).filter(inView);
  const frozenKeys = controls.frozen && new Set(controls.frozen.map(entryKey));
  return {
    shown: base.filter((entry) => matchesFilter(entry, filter)),
    total: base.length,
    arrived: frozenKeys
      ? entries.filter((entry) => inView(entry) && !frozenKeys.has(entryKey(entry))).length
      : 0,
    hidden: entries.filter((entry) => !inView(entry)).length,
  };
}

/** Paused: the list stays as `entries` are now. */
export const paused = (controls: ListControls, entries: JournalEntry[]): ListControls => ({
  ...controls,
  frozen: entries,
});

export const resumed = (controls: ListControls): ListControls => ({ ...controls, frozen: null });

/** Every entry held now (and, while paused, every one frozen) out of view. */
export function cleared(controls: ListControls, entries: JournalEntry[]): ListControls {
  const keys = new Set(controls.cleared);
  for (const entry of [...entries, ...(controls.frozen ?? [])]) keys.add(entryKey(entry));
  return { ...controls, cleared: keys };
}

export const uncleared = (controls: ListControls): ListControls => ({ ...controls, cleared: new Set() });
