/**
 * The journal, live: what GET /requests holds when the view opens, then each new entry as the
 * stream brings it; each time the stream (re)connects the journal is read again, so what was
 * recorded while it was down is not missed (duplicates merge). Filters, Pause and Clear view apply
 * in the page (lib/list-view.ts); a chosen entry opens its detail beside the list (or below it on
 * a narrow screen); with none chosen the list has the whole width. From a detail, a fault rule or
 * chat fixture can be started for the Faults & fixtures view (`onDraft`).
 */
import type { Caller, JournalEntry } from '@assistant-platform/types/admin';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import type { RequestDraft } from '../../lib/form-drafts.js';
import { cleared, LIVE_LIST, listView, paused, resumed, uncleared } from '../../lib/list-view.js';
import { entryKey, mergeEntries, NO_FILTER } from '../../lib/request-filter.js';
import { Failure, StreamStatus } from '../../ui/common.js';
import { useJournalStream } from '../../ui/use-journal-stream.js';
import { ListControls } from './list-controls.js';
import { RequestDetail } from './request-detail.js';
import { RequestFilters } from './request-filters.js';
import { RequestList } from './request-list.js';

/** As many as the journal keeps by default. */
const HELD = 1000;

export function RequestsView(props: {
  client: AdminClient;
  token: string;
  caller: Caller;
  onDraft: (draft: RequestDraft) => void;
}) {
  const { client, token } = props;
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState(NO_FILTER);
  const [controls, setControls] = useState(LIVE_LIST);
  const [selected, setSelected] = useState<string | null>(null);
  // Closing the detail puts focus back on the row it came from, once the list has its full width.
  const [closed, setClosed] = useState<string | null>(null);
  const split = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (closed === null) return;
    const rows = [...(split.current?.querySelectorAll<HTMLButtonElement>('button[data-key]') ?? [])];
    (rows.find((row) => row.dataset.key === closed) ?? rows[0])?.focus();
    setClosed(null);
  }, [closed]);

  const read = useCallback(() => {
    dataOf(client.GET('/requests', { params: { query: { limit: HELD } } })).then(
      ({ requests }) => {
        setError(null);
        setEntries((held) => mergeEntries(held, requests, HELD));
      },
      (failure: Error) => setError(failure.message),
    );
  }, [client]);
  useEffect(read, [read]);
  const stream = useJournalStream(
    token,
    (entry) => setEntries((held) => mergeEntries(held, [entry], HELD)),
    read,
  );

  const view = useMemo(() => listView(entries, controls, filter), [entries, controls, filter]);
  const chosen = entries.find((entry) => entryKey(entry) === selected);
  return (
    <section aria-labelledby="requests-title" class="requests">
      <div class="title-row">
        <h2 id="requests-title">Requests</h2>
        <StreamStatus state={stream} />
      </div>
      <Failure text={error} />
      <RequestFilters filter={filter} onChange={setFilter} />
      <ListControls
        paused={controls.frozen !== null}
        arrived={view.arrived}
        hidden={view.hidden}
        onPause={() => setControls((held) => paused(held, entries))}
        onResume={() => setControls(resumed)}
        onClear={() => {
          setControls((held) => cleared(held, entries));
          setSelected(null);
        }}
        onShowCleared={() => setControls(uncleared)}
      />
      <div class={chosen ? 'split with-detail' : 'split'} ref={split}>
        <RequestList
          entries={view.shown}
          total={view.total}
          cleared={view.hidden > 0}
          selected={selected}
          onSelect={setSelected}
        />
        {chosen && (
          <RequestDetail
            entry={chosen}
            caller={props.caller}
            onDraft={props.onDraft}
            onClose={() => {
              setClosed(selected);
              setSelected(null);
            }}
          />
        )}
      </div>
    </section>
  );
}
