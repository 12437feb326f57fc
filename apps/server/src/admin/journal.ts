/**
 * The journal: the last `JOURNAL_MAX` platform requests, in a ring of reusable slots (see
 * journal-slot.ts for why), the oldest dropped first, read newest first. Requests are recorded by
 * journal-recorder.ts; entries are formatted only when read (journal-entry.ts), or as they are
 * recorded when someone follows the journal live (`onRecord`, for GET /requests/stream).
 */
import type { AppliedFault, JournalEntry, RequestMatcher } from '@assistant-platform/types/admin';
import type { AuthContext, JournalStore } from '../contract/fastify-types.js';
import { journalEntryOf } from './journal-entry.js';
import type { JournalRecording } from './journal-recording.js';
import { JournalSlot } from './journal-slot.js';
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

/** A journal the recorder keeps exchanges in: this one, or the shared one (shared-journal.ts). */
export interface RecordingJournal extends JournalStore {
  readonly options: { max: number; bodyMaxBytes: number };
  record(recording: JournalRecording, auth: AuthContext | null, fault: AppliedFault | null): void;
}

export class Journal implements RecordingJournal {
  /** Followers of the journal; while it is empty, recording formats nothing for them. */
  private readonly listeners = new Set<JournalListener>();
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
    if (this.listeners.size > 0) {
      const entry = journalEntryOf(slot);
      for (const listener of this.listeners) listener(entry);
    }
  }

  /** Calls `listener` with every entry recorded from now on; the returned function stops it. */
  onRecord(listener: JournalListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The entries matching every field given, newest first. */
  private matching(matcher: RequestMatcher): JournalSlot[] {
    const { max } = this.options;
    const found: JournalSlot[] = [];
    for (let i = 1; i <= this.size; i++) {
      const slot = this.slots[(this.next - i + max) % max];
      if (slot && matches(slot, matcher)) found.push(slot);
    }
    return found;
  }

  list(filter: RequestMatcher & { limit?: number } = {}): JournalEntry[] {
    const { limit, ...matcher } = filter;
    return this.matching(matcher).slice(0, limit).map(journalEntryOf);
  }

  find(matcher: RequestMatcher): { count: number; requests: JournalEntry[] } {
    const found = this.matching(matcher);
    return { count: found.length, requests: found.map(journalEntryOf) };
  }

  /** Empties the journal; ids start from 1 again, as after start-up. Slots are kept for reuse. */
  clear(): number {
    const removed = this.size;
    this.next = 0;
    this.size = 0;
    this.nextId = 1;
    return removed;
  }
}
