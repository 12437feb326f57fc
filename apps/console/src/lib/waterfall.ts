/**
 * A request's stages as a waterfall: each stage the server timed (the journal entry's `spans`: the
 * token's lookup, the database, the engine) as a bar starting where the stage started and as long
 * as it took, on the axis of the whole request (arrival to the end of its answer), so the order of
 * the stages, the gaps between them and what came after the last one show at a glance.
 */
import type { JournalEntry } from '@assistant-platform/types/admin';

export interface WaterfallRow {
  name: string;
  stage: string;
  startMs: number;
  durationMs: number;
  /** 0–100 along the request's axis. */
  offsetPercent: number;
  widthPercent: number;
}

const percent = (ms: number, totalMs: number) => Math.round((ms / totalMs) * 10000) / 100;

/** The rows of `entry`'s waterfall, in the order the stages started; none when it went through none. */
export function waterfallRows(entry: Pick<JournalEntry, 'spans' | 'durationMs'>): WaterfallRow[] {
  // A stage may end a hair after a request measured as shorter: the axis takes the later of both.
  const totalMs = Math.max(
    entry.durationMs,
    ...entry.spans.map((span) => span.startMs + span.durationMs),
    0.001,
  );
  return entry.spans.map((span) => ({
    name: span.name,
    stage: span.stage,
    startMs: span.startMs,
    durationMs: span.durationMs,
    offsetPercent: percent(span.startMs, totalMs),
    // At least a sliver, so a stage of a few microseconds still shows where it was.
    widthPercent: Math.max(percent(span.durationMs, totalMs), 0.5),
  }));
}
