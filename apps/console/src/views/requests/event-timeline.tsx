/**
 * A streamed answer: the text its client read, assembled from the events (with how the stream
 * ended, which says whether that text is an answer at all), beside the events themselves on a
 * time axis with a scale, then listed with their times, the text each added, and the raw data of
 * each behind a disclosure. On a phone the two stack.
 */
import type { StreamEvent } from '@assistant-platform/types/admin';
import { eventAxis, timeLabel } from '../../lib/event-axis.js';
import { endText, streamAnswer } from '../../lib/stream-answer.js';

export function EventTimeline(props: { events: StreamEvent[]; truncated: boolean }) {
  const { events } = props;
  const { points, ticks } = eventAxis(events);
  const answer = streamAnswer(events, props.truncated);
  const last = events.at(-1)?.atMs ?? 0;
  return (
    <section aria-labelledby="stream-title" class="stream">
      <h4 id="stream-title">Streamed answer</h4>
      <div class="stream-columns">
        <section class="stream-answer" aria-labelledby="answer-title">
          <h5 id="answer-title">Answer, assembled from the events</h5>
          <p class="answer-text">{answer.text === '' ? <span class="empty">(no text)</span> : answer.text}</p>
          <p class={answer.end.kind === 'done' ? 'help' : 'failure'}>{endText(answer.end)}</p>
          {answer.finishReason && <p class="help">Finish reason: {answer.finishReason}</p>}
          {answer.unreadable > 0 && (
            <p class="help">
              {answer.unreadable} events were not chat chunks: their data is listed as it was.
            </p>
          )}
        </section>
        <div class="stream-events">
          <h5 id="events-title">
            Events ({events.length}
            {props.truncated ? ', more not kept' : ''}) over {timeLabel(last)}
          </h5>
          <figure class="timeline">
            <div
              class="axis"
              role="img"
              aria-label={`${events.length} events, the first at ${timeLabel(events[0]?.atMs ?? 0)}, the last at ${timeLabel(last)}`}
            >
              {points.map((point) => (
                <span
                  key={point.index}
                  class={point.terminal ? 'tick terminal' : 'tick'}
                  style={{ left: `${point.offsetPercent}%` }}
                  title={`${point.label} at ${timeLabel(point.atMs)}`}
                />
              ))}
            </div>
            <div class="scale" aria-hidden="true">
              {ticks.map((tick) => (
                <span key={tick.atMs} class="scale-tick" style={{ left: `${tick.offsetPercent}%` }}>
                  {tick.label}
                </span>
              ))}
            </div>
            <figcaption class="help">Time from the start of the answer</figcaption>
          </figure>
          <ol class="events">
            {points.map((point) => {
              const data = events[point.index]?.data ?? '';
              const piece = answer.pieces[point.index];
              return (
                <li key={point.index}>
                  <span class="time">
                    {timeLabel(point.atMs)} (+{timeLabel(point.gapMs)})
                  </span>{' '}
                  <span class="method">{point.label}</span>{' '}
                  {piece != null ? (
                    <details>
                      <summary>
                        <q>{piece}</q>
                      </summary>
                      <code>{data}</code>
                    </details>
                  ) : (
                    <code>{data}</code>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}
