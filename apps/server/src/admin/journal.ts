/**
 * The journal: the last `JOURNAL_MAX` platform requests, in a ring of reusable slots (see
 * journal-slot.ts for why), the oldest dropped first, read newest first. Requests are recorded by
 * journal-recorder.ts; entries are formatted only when read (journal-entry.ts), or as they are
 * recorded when someone follows the journal live (`onRecord`, for GET /requests/stream).
 *
 * Every entry is the account's whose token authenticated the request (none for a request no token
 * did): reading, finding, clearing and following take a reach (an account, or `'all'`) and never
 * show an entry beyond it. Clearing one account's entries marks their slots removed, which the
 * ring then reuses in turn; clearing all starts the ids from 1 again.
 */
import type { AppliedFault, JournalEntry, RequestMatcher } from '@assistant-platform/types/admin';
import { type AuthContext, type JournalStore, type Reach, reaches } from '../contract/fastify-types.js';
import { journalEntryOf } from './journal-entry.js';
import type { JournalRecording } from './journal-recording.js';
import { JournalSlot } from './journal-slot.js';
import { matchesPath } from './path-pattern.js';

function bodyContains(slot: JournalSlot, text: string): boolean {
  const body = slot.requestBody;
  if (body === undefined) return false;
  return Buffer.from(body.buffer, body.byteOffset, body.length).includes(text);
}

function matches(slot: JournalSlot, reach: Reach, matcher: RequestMatcher): boolean {
  if (slot.removed || !reaches(reach, slot.accountId)) return false;
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

/** A journal the recorder keeps exchanges in: this one, or the shared one (shared-journal.ts). */
export interface RecordingJournal extends JournalStore {
  readonly options: { max: number; bodyMaxBytes: number };
  record(recording: JournalRecording, auth: AuthContext | null, fault: AppliedFault | null): void;
}

export class Journal implements RecordingJournal {
  /** Followers of the journal and their reach; while none reaches an entry, it is not formatted. */
  private readonly listeners = new Map<JournalListener, Reach>();
  /** Made as the ring first fills, then reused. */
  private readonly slots: JournalSlot[] = [];
  /** The slot the next entry goes to. */
  private next = 0;
  private size = 0;
  private nextId = 1;

  constructor(readonly options: { max: number; bodyMaxBytes: number }) {}

  /** Keeps a finished exchange, in place of the oldest entry once the journal is full. */
  record(recording: JournalRecording, auth: AuthContext | null, fault: AppliedFault | null): void {
    const { max, bodyMaxBytes } = this.options;
    if (max === 0) return;
    let slot = this.slots[this.next];
    if (slot === undefined) {
      slot = new JournalSlot();
      this.slots[this.next] = slot;
    }
    slot.fill(this.nextId++, recording, auth, fault, bodyMaxBytes);
    this.next = (this.next + 1) % max;
    if (this.size < max) this.size++;
    let entry: JournalEntry | undefined;
    for (const [listener, reach] of this.listeners)
      if (reaches(reach, slot.accountId)) {
        entry ??= journalEntryOf(slot);
        listener(entry);
      }
  }

  entryCount(): number {
    const { max } = this.options;
    let kept = 0;
    for (let i = 1; i <= this.size; i++)
      if (this.slots[(this.next - i + max) % max]?.removed === false) kept++;
    return kept;
  }

  onRecord(reach: Reach, listener: JournalListener): () => void {
    this.listeners.set(listener, reach);
    return () => this.listeners.delete(listener);
  }

  /** The entries within reach matching every field given, newest first. */
  private matching(reach: Reach, matcher: RequestMatcher): JournalSlot[] {
    const { max } = this.options;
    const found: JournalSlot[] = [];
    for (let i = 1; i <= this.size; i++) {
      const slot = this.slots[(this.next - i + max) % max];
      if (slot && matches(slot, reach, matcher)) found.push(slot);
    }
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

  /**
   * Removes the entries within reach. All of them: the journal is empty and ids start from 1
   * again, as after start-up (slots are kept for reuse); one account's: their slots are marked.
   */
  clear(reach: Reach): number {
    if (reach !== 'all') {
      const found = this.matching(reach, {});
      for (const slot of found) slot.removed = true;
      return found.length;
    }
    const removed = this.matching('all', {}).length;
    this.next = 0;
    this.size = 0;
    this.nextId = 1;
    return removed;
  }
}
