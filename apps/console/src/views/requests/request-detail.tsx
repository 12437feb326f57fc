/**
 * One request in full: timings (where the time went, and its stages as a waterfall), headers, bodies, a stream's events and assembled answer, "copy as
 * curl", and a fault rule or (for a chat) a chat fixture started from it, opened in the Faults &
 * fixtures view's form to change before it is added. When a request is chosen, focus moves to its heading, scrolled into view: on a narrow screen the detail
 * sits below the whole list, where a keyboard user would otherwise never see it open. Close (or
 * Escape inside it) goes back to the list.
 */
import type { Caller, JournalEntry } from '@assistant-platform/types/admin';
import { useEffect, useRef } from 'preact/hooks';
import { curlCommand, TOKEN_PLACEHOLDER } from '../../lib/curl.js';
import {
  faultDraftFromRequest,
  fixtureDraftFromRequest,
  isChat,
  type RequestDraft,
} from '../../lib/form-drafts.js';
import { entryKey } from '../../lib/request-filter.js';
import { parseServerTiming } from '../../lib/server-timing.js';
import { waterfallRows } from '../../lib/waterfall.js';
import { CopyButton, JsonBlock } from '../../ui/common.js';
import { EventTimeline } from './event-timeline.js';
import { ViolationList } from './violation-list.js';

function HeaderTable({ headers, caption }: { headers: Record<string, string>; caption: string }) {
  return (
    <table class="headers">
      <caption>{caption}</caption>
      <tbody>
        {Object.entries(headers).map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where the time to the answer's headers went, from its Server-Timing header: a bar and a list. */
function TimeSpent({ header }: { header: string | undefined }) {
  const timing = parseServerTiming(header);
  if (timing === undefined) return null;
  return (
    <>
      <dt>To headers</dt>
      <dd>
        {timing.totalMs.toFixed(2)} ms, spent on:
        <div class="time-bar" aria-hidden="true">
          {timing.stages.map((stage) => (
            <span key={stage.name} class={`stage-${stage.name}`} style={{ width: `${stage.percent}%` }} />
          ))}
        </div>
        <ol class="time-spent" aria-label="Where the time went">
          {timing.stages.map((stage) => (
            <li key={stage.name}>
              <span class={`swatch stage-${stage.name}`} aria-hidden="true" />
              {stage.label}: {stage.ms.toFixed(2)} ms ({Math.round(stage.percent)} %)
            </li>
          ))}
        </ol>
      </dd>
    </>
  );
}

/** The stages the server went through, as a waterfall on the request's own axis (see lib/waterfall.ts). */
function Waterfall({ entry }: { entry: JournalEntry }) {
  const rows = waterfallRows(entry);
  if (rows.length === 0) return null;
  return (
    <>
      <dt>Stages</dt>
      <dd>
        <ol class="waterfall" aria-label="Waterfall">
          {rows.map((row, index) => (
            <li key={`${index}-${row.name}`}>
              <span class="waterfall-name">{row.name}</span>
              <span class="waterfall-track" aria-hidden="true">
                <span
                  class={`stage-${row.stage}`}
                  style={{ left: `${row.offsetPercent}%`, width: `${row.widthPercent}%` }}
                />
              </span>
              <span class="waterfall-time">
                {/* A time and its unit never part; on a phone the two times wrap apart. */}
                at {row.startMs.toFixed(2)}&nbsp;ms, {row.durationMs.toFixed(2)}&nbsp;ms
              </span>
            </li>
          ))}
        </ol>
      </dd>
    </>
  );
}

export function RequestDetail(props: {
  entry: JournalEntry;
  caller: Caller;
  onDraft: (draft: RequestDraft) => void;
  onClose: () => void;
}) {
  const { entry, caller, onClose } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const key = entryKey(entry);
  useEffect(() => {
    const element = heading.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    const { top, bottom } = element.getBoundingClientRect();
    // The whole title row (with Close) at the top, not the heading cut against the edge.
    if (top < 0 || bottom > window.innerHeight)
      element.closest('article')?.scrollIntoView({ block: 'start' });
  }, [key]);
  const curl = curlCommand(entry, window.location.origin);
  return (
    <article
      class="detail"
      aria-labelledby="detail-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div class="title-row">
        <h3 id="detail-title" tabIndex={-1} ref={heading}>
          {entry.method} {entry.path}
        </h3>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <dl class="facts">
        <dt>Status</dt>
        <dd>{entry.status ?? 'no answer'}</dd>
        <dt>Outcome</dt>
        <dd>{entry.outcome}</dd>
        <dt>At</dt>
        <dd>{entry.at}</dd>
        <dt>Duration</dt>
        <dd>{entry.durationMs.toFixed(1)} ms</dd>
        <TimeSpent header={entry.responseHeaders['server-timing']} />
        <Waterfall entry={entry} />
        <dt>Operation</dt>
        <dd>{entry.operationId ?? 'none (unknown route)'}</dd>
        <dt>Token</dt>
        <dd>{entry.token ? `${entry.token.name} (account ${entry.token.accountId})` : 'none'}</dd>
        <dt>Request id</dt>
        <dd>{entry.requestId}</dd>
        {entry.fault && (
          <>
            <dt>Fault</dt>
            <dd>
              {entry.fault.source === 'rule' ? `rule ${entry.fault.ruleId}` : 'Prefer header'}:{' '}
              {JSON.stringify(entry.fault.fault)}
            </dd>
          </>
        )}
        {entry.chatFixtureId !== null && (
          <>
            <dt>Chat fixture</dt>
            <dd>{entry.chatFixtureId}</dd>
          </>
        )}
        {entry.replay !== null && (
          <>
            <dt>Cassette</dt>
            <dd>
              {entry.replay.cassette ??
                `none matched${entry.replay.nearest ? `; nearest ${entry.replay.nearest.cassette}, its body differs at ${entry.replay.nearest.differences.join(', ') || 'the whole body'}` : ''}`}
            </dd>
          </>
        )}
      </dl>
      <ViolationList entry={entry} />
      <div class="actions">
        <button
          type="button"
          onClick={() => props.onDraft({ kind: 'fault', draft: faultDraftFromRequest(entry, caller) })}
        >
          New fault rule from this request
        </button>
        {isChat(entry) && (
          <button
            type="button"
            onClick={() => props.onDraft({ kind: 'fixture', draft: fixtureDraftFromRequest(entry, caller) })}
          >
            New chat fixture from this request
          </button>
        )}
      </div>
      <div class="actions">
        <CopyButton
          text={curl}
          label="Copy as curl"
          done={
            curl.includes(TOKEN_PLACEHOLDER)
              ? `Copied; set ${TOKEN_PLACEHOLDER} to a token first.`
              : 'Copied.'
          }
        />
      </div>
      <pre class="code" title="curl command">
        {curl}
      </pre>
      <HeaderTable headers={entry.requestHeaders} caption="Request headers" />
      {entry.requestBody !== null && (
        <>
          <h4>Request body{entry.requestBodyTruncated ? ' (cut)' : ''}</h4>
          <JsonBlock value={entry.requestBody} label="Request body" />
        </>
      )}
      <HeaderTable headers={entry.responseHeaders} caption="Response headers" />
      {entry.events !== null ? (
        <EventTimeline events={entry.events} truncated={entry.eventsTruncated} />
      ) : (
        entry.responseBody !== null && (
          <>
            <h4>Response body{entry.responseBodyTruncated ? ' (cut)' : ''}</h4>
            <JsonBlock value={entry.responseBody} label="Response body" />
          </>
        )
      )}
    </article>
  );
}
