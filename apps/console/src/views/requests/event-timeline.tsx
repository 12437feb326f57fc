/** A streamed answer's events on a time axis, then listed with their times and data. */
import type { StreamEvent } from '@assistant-platform/types/admin';
import { eventAxis } from '../../lib/event-axis.js';

export function EventTimeline(props: { events: StreamEvent[]; durationMs: number; truncated: boolean }) {
  const { spanMs, points } = eventAxis(props.events, props.durationMs);
  return (
    <section aria-labelledby="events-title">
      <h4 id="events-title">
        Stream events ({props.events.length}
        {props.truncated ? ', more not kept' : ''}) over {Math.round(spanMs)} ms
      </h4>
      <div class="axis" aria-hidden="true">
        {points.map((point) => (
          <span
            key={point.index}
            class={point.terminal ? 'tick terminal' : 'tick'}
            style={{ left: `${point.offsetPercent}%` }}
            title={`${point.label} at ${point.atMs} ms`}
          />
        ))}
      </div>
      <ol class="events">
        {points.map((point) => (
          <li key={point.index}>
            <span class="time">
              {point.atMs.toFixed(0)} ms (+{point.gapMs.toFixed(0)})
            </span>{' '}
            <span class="method">{point.label}</span> <code>{props.events[point.index]?.data}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
