/**
 * The entries, newest first: one button per request, its status coloured by class. Every row has
 * the same columns (an empty one where a request got no fault), so they line up.
 */
import type { JournalEntry } from '@assistant-platform/types/admin';
import { Fragment } from 'preact';
import { entryKey } from '../../lib/request-filter.js';
import { violationBadge } from '../../lib/violations.js';

const statusClass = (status: number | null) =>
  status === null ? 'status-none' : `status-${Math.floor(status / 100)}xx`;
// One formatter for every row: toLocaleTimeString builds a new one per call, and with the list full
// (1000 rows) that was most of the time a new entry took to appear.
const TIME = new Intl.DateTimeFormat(undefined, {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const time = (at: string) => TIME.format(new Date(at));

/** A path that wraps after a slash rather than inside a segment (unless one segment is too long). */
function WrappingPath({ path }: { path: string }) {
  const segments = path.split('/');
  return (
    <span class="path">
      {segments.map((segment, index) =>
        index < segments.length - 1 ? (
          <Fragment key={index}>
            {segment}/<wbr />
          </Fragment>
        ) : (
          segment
        ),
      )}
    </span>
  );
}

export function RequestList(props: {
  entries: JournalEntry[];
  total: number;
  /** The view was cleared: an empty list waits for new requests. */
  cleared: boolean;
  selected: string | null;
  onSelect: (key: string) => void;
}) {
  if (props.total === 0)
    return (
      <p class="empty">
        {props.cleared
          ? 'Cleared: requests made from now on appear here.'
          : 'No request yet: call the platform API and it appears here.'}
      </p>
    );
  return (
    <div class="list-wrap">
      <p class="help">
        {props.entries.length} of {props.total} shown
      </p>
      <ul class="request-list" aria-label="Recorded requests">
        {props.entries.map((entry) => (
          <li key={entryKey(entry)}>
            <button
              type="button"
              class="request-row"
              data-key={entryKey(entry)}
              aria-pressed={props.selected === entryKey(entry)}
              onClick={() => props.onSelect(entryKey(entry))}
            >
              <span class="time">{time(entry.at)}</span>
              <span class="method">{entry.method}</span>
              <WrappingPath path={entry.path} />
              <span class={`status ${statusClass(entry.status)}`}>{entry.status ?? entry.outcome}</span>
              <span class="duration">{Math.round(entry.durationMs)} ms</span>
              <span class="token" title={entry.token?.name}>
                {entry.token?.name ?? 'no token'}
              </span>
              <span class="fault">
                {entry.fault && <span class="badge">fault</span>}
                {violationBadge(entry) && <span class="badge">{violationBadge(entry)}</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
