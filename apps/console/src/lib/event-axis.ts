/**
 * A streamed chat's events on a time axis: each event's place along the answer's duration, as a
 * percentage, and the gap since the one before, so a slow first token or a stall stands out.
 * Events at the same instant share a place; the axis ends at the last event or the answer's end.
 */
import type { StreamEvent } from '@assistant-platform/types/admin';

export interface AxisPoint {
  index: number;
  atMs: number;
  /** 0–100 along the axis. */
  offsetPercent: number;
  gapMs: number;
  label: string;
  /** `error` and `[DONE]` end a stream; they are drawn apart. */
  terminal: boolean;
}

export function eventAxis(
  events: StreamEvent[],
  durationMs: number,
): { spanMs: number; points: AxisPoint[] } {
  const last = events.reduce((latest, event) => Math.max(latest, event.atMs), 0);
  const spanMs = Math.max(last, durationMs, 1);
  let previous = 0;
  const points = events.map((event, index) => {
    const point: AxisPoint = {
      index,
      atMs: event.atMs,
      offsetPercent: Math.round((event.atMs / spanMs) * 10000) / 100,
      gapMs: Math.max(0, event.atMs - previous),
      label: event.event ?? (event.data === '[DONE]' ? '[DONE]' : 'data'),
      terminal: event.event === 'error' || event.data === '[DONE]',
    };
    previous = event.atMs;
    return point;
  });
  return { spanMs, points };
}
