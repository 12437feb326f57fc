/**
 * A streamed answer's events on a time axis: each event's place along the answer, as a percentage,
 * and the gap since the one before, so a slow first event or a stall stands out; and the axis's
 * scale, ticks at a round step (1, 2 or 5 times a power of ten, about five of them) labelled in ms
 * or s, the axis ending on the tick at or after the last event. Times are from the start of the
 * answer (the journal's `atMs`), which is not where the request's duration starts (its arrival):
 * the two are never drawn on one axis, or a slow start would squeeze every event into its first
 * pixel.
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

export interface AxisTick {
  atMs: number;
  offsetPercent: number;
  label: string;
}

/** About this many steps across the axis. */
const STEPS = 5;

const percent = (atMs: number, spanMs: number) => Math.round((atMs / spanMs) * 10000) / 100;

/** The round step for an axis `spanMs` long; at least 1 ms. */
export function tickStep(spanMs: number): number {
  const raw = Math.max(spanMs, 1) / STEPS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  const step = (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
  return Math.max(step, 1);
}

/** A time on the axis: `1.2 ms` under 10 ms, `250 ms`, or from 1 s on `1.5 s`. */
export function timeLabel(ms: number): string {
  if (ms < 10) return `${Number(ms.toFixed(1))} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Number((ms / 1000).toFixed(3))} s`;
}

export function eventAxis(events: StreamEvent[]): { spanMs: number; points: AxisPoint[]; ticks: AxisTick[] } {
  const last = events.reduce((latest, event) => Math.max(latest, event.atMs), 0);
  const step = tickStep(last);
  const spanMs = Math.max(Math.ceil(last / step), 1) * step;
  let previous = 0;
  const points = events.map((event, index) => {
    const point: AxisPoint = {
      index,
      atMs: event.atMs,
      offsetPercent: percent(event.atMs, spanMs),
      gapMs: Math.max(0, event.atMs - previous),
      label: event.event ?? (event.data === '[DONE]' ? '[DONE]' : 'data'),
      terminal: event.event === 'error' || event.data === '[DONE]',
    };
    previous = event.atMs;
    return point;
  });
  const ticks: AxisTick[] = [];
  for (let atMs = 0; atMs <= spanMs; atMs += step)
    ticks.push({ atMs, offsetPercent: percent(atMs, spanMs), label: timeLabel(atMs) });
  return { spanMs, points, ticks };
}
