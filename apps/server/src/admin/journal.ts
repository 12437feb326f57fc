/**
 * The journal: each account's last `JOURNAL_MAX` platform requests, at most `JOURNAL_TOTAL_MAX` in
 * all, in rings of reusable slots (journal-rings.ts: which entry a new one drops; journal-slot.ts:
 * why slots), read newest first. Requests are recorded by
 * journal-recorder.ts; entries are formatted only when read (journal-entry.ts), or as they are
 * recorded when someone follows the journal live (`onRecord`, for GET /requests/stream).
 *
 * Every entry is the account's whose token authenticated the request (none for a request no token
 * did): reading, finding, clearing and following take a reach (an account, or `'all'`) and never
 * show an entry beyond it. Clearing all starts the ids from 1 again.
 */
import type { AppliedFault, JournalEntry, RequestMatcher } from '@assistant-platform/types/admin';
import { type JournalStore, type Reach, reaches } from '../contract/admin-stores.js';
import type { AuthContext } from '../contract/fastify-types.js';
import { journalEntryOf } from './journal-entry.js';
import type { JournalRecording } from './journal-recording.js';
import { JournalRings } from './journal-rings.js';
import type { JournalSlot } from './journal-slot.js';
import { matchesPath } from './path-pattern.js';

function bodyContains(slot: JournalSlot, text: string): boolean {
  const body = slot.requestBody;
  if (body === undefined) return false;
  return Buffer.from(body.buffer, body.byteOffset, body.length).includes(text);
}

function matches(slot: JournalSlot, matcher: RequestMatcher): boolean {
  if (matcher.method !== undefined && matcher.method !== slot.method) return false;
  if (matcher.status !== undefined && matcher.status !== slot.status) return false;
  if (matcher.path !== undefined) {
    const { url } = slot;
    const query = url.indexOf('?');
    if (!matchesPath(matcher.path, query < 0 ? url : url.slice(0, query))) return false;
  }
  return matcher.bodyContains === undefined || bodyContains(slot, matcher.bodyContains);
}

/** Called with each entry as it is recorded. */
export type JournalListener = (entry: JournalEntry) => void;

/** Entries kept per account (0: none recorded) and in all, bytes kept of each body. */
export interface JournalOptions {
  max: number;
  totalMax: number;
  bodyMaxBytes: number;
}

/** A journal the recorder keeps exchanges in: this one, or the shared one (shared-journal.ts). */
export interface RecordingJournal extends JournalStore {
  readonly options: JournalOptions;
  record(recording: JournalRecording, auth: AuthContext | null, fault: AppliedFault | null): void;
}

export class Journal implements RecordingJournal {
  /** Followers of the journal and their reach; while none reaches an entry, it is not formatted. */
  private readonly listeners = new Map<JournalListener, Reach>();
  private readonly rings: JournalRings;
  private nextId = 1;

  constructor(readonly options: JournalOptions) {
    this.rings = new JournalRings({ perAccount: options.max, total: options.totalMax });
  }

  /** Keeps a finished exchange, in place of the entry the caps drop (journal-rings.ts). */
  record(recording: JournalRecording, auth: AuthContext | null, fault: AppliedFault | null): void {
    if (this.options.max === 0) return;
    const slot = this.rings.take(auth?.accountId ?? 0);
    slot.fill(this.nextId++, recording, auth, fault, this.options.bodyMaxBytes);
    let entry: JournalEntry | undefined;
    for (const [listener, reach] of this.listeners)
      if (reaches(reach, slot.accountId)) {
        entry ??= journalEntryOf(slot);
        listener(entry);
      }
  }

  entryCount(): number {
    return this.rings.size;
  }

  onRecord(reach: Reach, listener: JournalListener): () => void {
    this.listeners.set(listener, reach);
    return () => this.listeners.delete(listener);
  }

  /** The entries within reach matching every field given, newest first. */
  private matching(reach: Reach, matcher: RequestMatcher): JournalSlot[] {
    if (reach === 'all') return this.rings.all().filter((slot) => matches(slot, matcher));
    const found: JournalSlot[] = [];
    this.rings.eachOf(reach, (slot) => {
      if (matches(slot, matcher)) found.push(slot);
      return true;
    });
    return found;
  }

  list(reach: Reach, filter: RequestMatcher & { limit?: number } = {}): JournalEntry[] {
    const { limit, ...matcher } = filter;
    return this.matching(reach, matcher).slice(0, limit).map(journalEntryOf);
  }

  find(reach: Reach, matcher: RequestMatcher): { count: number; requests: JournalEntry[] } {
    const found = this.matching(reach, matcher);
    return { count: found.length, requests: found.map(journalEntryOf) };
  }

  /** Removes the entries within reach; all of them: the journal is empty and ids start from 1 again. */
  clear(reach: Reach): number {
    const removed = this.rings.clear(reach);
    if (reach === 'all') this.nextId = 1;
    return removed;
  }
}
