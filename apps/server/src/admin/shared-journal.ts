/**
 * The journal of a deployment that shares a Redis (REDIS_URL): every instance appends its platform
 * requests to one log in Redis (shared/shared-log.ts), partitioned by account: each account keeps
 * its last JOURNAL_MAX entries, JOURNAL_TOTAL_MAX in all (the account holding the most losing its
 * oldest first, as in the memory journal); and reads, finds, clears and follows that log, so `GET /_admin/requests` through any instance lists every
 * instance's requests, numbered across them, and the live stream of any instance shows them all.
 *
 * Each exchange is made into its entry as it ends (one slot reused, as journal-slot.ts explains;
 * the JSON text of the entry is what Redis keeps), with its account (0 for none), method, path,
 * status and request body beside it for the filters: each instance answers an account's admin with
 * that account's entries alone, and clears only those. An entry is lost, not queued without bound, when Redis cannot keep up
 * or be reached (the log says so); the admin operations answer 503 while it cannot be reached.
 */
import type { AppliedFault, JournalEntry, RequestMatcher } from '@assistant-platform/types/admin';
import { type Reach, reaches } from '../contract/admin-stores.js';
import type { AuthContext } from '../contract/fastify-types.js';
import { type LogRecord, SharedLog } from '../shared/shared-log.js';
import type { SharedRedis } from '../shared/shared-redis.js';
import type { JournalListener, JournalOptions, RecordingJournal } from './journal.js';
import { journalEntryOf } from './journal-entry.js';
import type { JournalRecording } from './journal-recording.js';
import { JournalSlot } from './journal-slot.js';
import { matchesPath } from './path-pattern.js';

/** A record's account; a record kept before entries had accounts is no account's. */
const accountOf = (record: LogRecord) => Number(record.account ?? 0);

function matches(record: LogRecord, reach: Reach, matcher: RequestMatcher): boolean {
  if (!reaches(reach, accountOf(record))) return false;
  if (matcher.method !== undefined && matcher.method !== record.method) return false;
  if (matcher.status !== undefined && String(matcher.status) !== record.status) return false;
  if (matcher.path !== undefined && !matchesPath(matcher.path, record.path ?? '')) return false;
  return matcher.bodyContains === undefined || (record.body ?? '').includes(matcher.bodyContains);
}

export class SharedJournal implements RecordingJournal {
  private readonly log: SharedLog;
  /** Filled with each exchange in turn, then made into its entry at once. */
  private readonly slot = new JournalSlot();

  constructor(
    private readonly shared: SharedRedis,
    readonly options: JournalOptions,
    warn: (message: string) => void,
  ) {
    this.log = new SharedLog(shared, 'journal', { perPartition: options.max, total: options.totalMax }, warn);
  }

  record(recording: JournalRecording, auth: AuthContext | null, fault: AppliedFault | null): void {
    if (this.options.max === 0) return;
    const { slot } = this;
    slot.fill(0, recording, auth, fault, this.options.bodyMaxBytes);
    const { id: _numberedByRedis, ...entry } = journalEntryOf(slot);
    const body = slot.requestBody;
    this.log.add(String(slot.accountId), JSON.stringify(entry), {
      account: String(slot.accountId),
      method: entry.method,
      path: entry.path,
      status: entry.status === null ? '' : String(entry.status),
      body: body === undefined ? '' : Buffer.from(body.buffer, body.byteOffset, body.length).toString(),
    });
  }

  entryCount(): Promise<number> {
    return this.shared.required(() => this.log.size());
  }

  onRecord(reach: Reach, listener: JournalListener): () => void {
    return this.log.follow((record) => {
      const entry = JSON.parse(record) as JournalEntry;
      if (reaches(reach, entry.token?.accountId ?? 0)) listener(entry);
    });
  }

  /** The entries within reach matching every field given, newest first, at most `limit`. */
  private matching(
    reach: Reach,
    matcher: RequestMatcher,
    limit = Number.POSITIVE_INFINITY,
  ): Promise<JournalEntry[]> {
    return this.shared.required(async () => {
      const found: JournalEntry[] = [];
      if (limit > 0)
        await this.log.each(reach === 'all' ? 'all' : String(reach), (record) => {
          if (matches(record, reach, matcher)) found.push(JSON.parse(record.record) as JournalEntry);
          return found.length < limit;
        });
      return found;
    });
  }

  list(reach: Reach, filter: RequestMatcher & { limit?: number } = {}): Promise<JournalEntry[]> {
    const { limit, ...matcher } = filter;
    return this.matching(reach, matcher, limit);
  }

  async find(reach: Reach, matcher: RequestMatcher): Promise<{ count: number; requests: JournalEntry[] }> {
    const requests = await this.matching(reach, matcher);
    return { count: requests.length, requests };
  }

  clear(reach: Reach): Promise<number> {
    return this.shared.required(() => (reach === 'all' ? this.log.clear() : this.log.remove(String(reach))));
  }
}
