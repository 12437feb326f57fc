/**
 * The journal, live: what GET /requests holds when the view opens, then each new entry as the
 * stream brings it. Filters apply in the page; a chosen entry opens its detail beside the list (or
 * below it on a narrow screen).
 */
import type { JournalEntry } from '@assistant-platform/types/admin';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { followJournal, type StreamState } from '../../api/journal-stream.js';
import { entryKey, matchesFilter, mergeEntries, NO_FILTER } from '../../lib/request-filter.js';
import { Failure } from '../../ui/common.js';
import { RequestDetail } from './request-detail.js';
import { RequestFilters } from './request-filters.js';
import { RequestList } from './request-list.js';

/** As many as the journal keeps by default. */
const HELD = 1000;

export function RequestsView({ client, token }: { client: AdminClient; token: string }) {
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [stream, setStream] = useState<StreamState | null>(null);
  const [filter, setFilter] = useState(NO_FILTER);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    // Followed before the first read, so nothing recorded in between is missed (duplicates merge).
    const stop = followJournal(
      token,
      (entry) => setEntries((held) => mergeEntries(held, [entry], HELD)),
      setStream,
    );
    dataOf(client.GET('/requests', { params: { query: { limit: HELD } } })).then(
      ({ requests }) => setEntries((held) => mergeEntries(held, requests, HELD)),
      (failure: Error) => setError(failure.message),
    );
    return stop;
  }, [client, token]);

  const shown = useMemo(() => entries.filter((entry) => matchesFilter(entry, filter)), [entries, filter]);
  const chosen = entries.find((entry) => entryKey(entry) === selected);
  return (
    <section aria-labelledby="requests-title" class="requests">
      <div class="title-row">
        <h2 id="requests-title">Requests</h2>
        <p class={stream?.live ? 'live' : 'not-live'} aria-live="polite">
          {stream === null ? 'Connecting…' : stream.live ? 'Live' : `Not live: ${stream.reason}`}
        </p>
      </div>
      <Failure text={error} />
      <RequestFilters filter={filter} onChange={setFilter} />
      <div class="split">
        <RequestList entries={shown} total={entries.length} selected={selected} onSelect={setSelected} />
        {chosen && <RequestDetail entry={chosen} onClose={() => setSelected(null)} />}
      </div>
    </section>
  );
}
