/**
 * A journal entry's `Server-Timing` answer header (W3C Server Timing) as the stages the server
 * measured — the token's lookup, the database, the engine — each with its share of the time to
 * the answer's headers (the `total` metric), and what is left of it as "other" (routing,
 * validation, limits, serialising). Metrics without a duration are left out; a header without
 * `total` (another server's) is shown against the sum of its stages.
 */
export interface TimingStage {
  name: string;
  /** The metric's `desc`, else its name. */
  label: string;
  ms: number;
  /** 0–100 of the total. */
  percent: number;
}

export interface ServerTiming {
  stages: TimingStage[];
  totalMs: number;
}

const METRIC = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*((?:;[^;]*)*)$/;
const PARAM = /^\s*([A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;]*))\s*$/;

function parseMetric(text: string): { name: string; label: string; ms: number | undefined } | undefined {
  const match = METRIC.exec(text);
  if (!match) return undefined;
  const name = match[1] as string;
  let label = name;
  let ms: number | undefined;
  for (const part of (match[2] ?? '').split(';').slice(1)) {
    const param = PARAM.exec(part);
    if (!param) continue;
    const value = param[2]?.replace(/\\(.)/g, '$1') ?? param[3] ?? '';
    if (param[1]?.toLowerCase() === 'dur' && value !== '' && Number.isFinite(Number(value)))
      ms = Number(value);
    else if (param[1]?.toLowerCase() === 'desc' && value !== '') label = value;
  }
  return { name, label, ms };
}

const share = (ms: number, totalMs: number) =>
  totalMs > 0 ? Math.round(Math.min(ms / totalMs, 1) * 10000) / 100 : 0;

/** The stages of `header`, then "other"; undefined when it names no duration at all. */
export function parseServerTiming(header: string | undefined): ServerTiming | undefined {
  if (header === undefined) return undefined;
  const measured: { name: string; label: string; ms: number }[] = [];
  let total: number | undefined;
  for (const text of header.split(',')) {
    const metric = parseMetric(text);
    if (metric?.ms === undefined || metric.ms < 0) continue;
    if (metric.name === 'total') total = metric.ms;
    else measured.push({ name: metric.name, label: metric.label, ms: metric.ms });
  }
  const summed = measured.reduce((sum, stage) => sum + stage.ms, 0);
  if (total === undefined && measured.length === 0) return undefined;
  const totalMs = Math.max(total ?? summed, summed);
  const stages = measured.map((stage) => ({ ...stage, percent: share(stage.ms, totalMs) }));
  const otherMs = totalMs - summed;
  // Under a microsecond is rounding, not time.
  if (otherMs >= 0.001)
    stages.push({ name: 'other', label: 'other', ms: otherMs, percent: share(otherMs, totalMs) });
  return { stages, totalMs };
}
