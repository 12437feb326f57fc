/**
 * The journal: the last `JOURNAL_MAX` platform requests, kept in memory in a ring (the oldest
 * dropped first, no array shifting on the request path), read newest first. Entries are recorded
 * by journal-recorder.ts and formatted only when read (journal-entry.ts), so reading the whole
 * journal costs what formatting it costs, and recording stays cheap.
 */
import type { JournalEntry, RequestMatcher } from '@assistant-platform/types/admin';
import type { JournalStore } from '../contract/fastify-types.js';
import { journalEntryOf } from './journal-entry.js';
import type { JournalRecording } from './journal-recording.js';
import { matchesPath } from './path-pattern.js';

function bodyContains(recording: JournalRecording, text: string): boolean {
  const body = recording.requestBody;
  if (body === undefined) return false;
  return Buffer.from(body.buffer, body.byteOffset, body.length).includes(text);
}

function matches(recording: JournalRecording, matcher: RequestMatcher): boolean {
  if (matcher.method !== undefined && matcher.method !== recording.method) return false;
  if (matcher.status !== undefined && matcher.status !== recording.status) return false;
  if (matcher.path !== undefined) {
    const query = recording.url.indexOf('?');
    if (!matchesPath(matcher.path, query < 0 ? recording.url : recording.url.slice(0, query))) return false;
  }
  return matcher.bodyContains === undefined || bodyContains(recording, matcher.bodyContains);
}

export class Journal implements JournalStore {
  private ring: (JournalRecording | undefined)[];
  /** The slot the next recording goes to. */
  private next = 0;
  private size = 0;
  private nextId = 1;

  constructor(readonly options: { max: number; bodyMaxBytes: number }) {
    this.ring = new Array(options.max);
  }

  record(recording: JournalRecording): void {
    if (this.options.max === 0) return;
    recording.id = this.nextId++;
    this.ring[this.next] = recording;
    this.next = (this.next + 1) % this.options.max;
    this.size = Math.min(this.size + 1, this.options.max);
  }

  /** The recordings matching every field given, newest first. */
  private matching(matcher: RequestMatcher): JournalRecording[] {
    const found: JournalRecording[] = [];
    for (let i = 1; i <= this.size; i++) {
      const recording = this.ring[(this.next - i + this.options.max) % this.options.max];
      if (recording && matches(recording, matcher)) found.push(recording);
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

  /** Empties the journal; ids start from 1 again, as after start-up. */
  clear(): number {
    const removed = this.size;
    this.ring = new Array(this.options.max);
    this.next = 0;
    this.size = 0;
    this.nextId = 1;
    return removed;
  }
}
