/**
 * Numbers within minimum/maximum (inclusive or exclusive) and every multipleOf. A value is kept
 * only if it passes the same `value / multipleOf` integer test Ajv applies, so float steps such as
 * 0.1 never yield a value a validator would reject.
 */
import type { Part } from './collect.js';
import { largest, smallest, values } from './collect.js';
import type { GenerateContext } from './context.js';
import { numberHint } from './hints.js';
import { SchemaIssue } from './schema.js';

function decimals(value: number): number {
  const text = String(value);
  if (text.includes('e')) return 12;
  return text.split('.')[1]?.length ?? 0;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The smallest step that is a multiple of every multipleOf (and of 1 for integers). */
function combinedStep(steps: number[]): number | undefined {
  if (steps.length === 0) return undefined;
  const scale = 10 ** Math.min(12, Math.max(...steps.map(decimals)));
  const lcm = steps.map((step) => Math.round(step * scale)).reduce((a, b) => (a / gcd(a, b)) * b);
  return Number.isSafeInteger(lcm) ? lcm / scale : undefined;
}

export function generateNumber(parts: Part[], name: string, integer: boolean, ctx: GenerateContext): number {
  const lo = Math.max(
    largest(parts, 'minimum') ?? -Infinity,
    largest(parts, 'exclusiveMinimum') ?? -Infinity,
  );
  const hi = Math.min(
    smallest(parts, 'maximum') ?? Infinity,
    smallest(parts, 'exclusiveMaximum') ?? Infinity,
  );
  const steps = values<number>(parts, 'multipleOf').map((v) => v.value);
  const step = combinedStep(integer ? [...steps, 1] : steps);
  const ok = (v: number) =>
    Number.isFinite(v) &&
    (!integer || Number.isInteger(v)) &&
    parts.every((p) => ctx.validators.accepts(p, v));
  const hint = numberHint(name, ctx.source);
  if (ctx.variant === 0 && hint !== undefined && ok(hint)) return hint;
  const span = Number.isFinite(lo) && Number.isFinite(hi) ? hi - lo : 100;
  const target = Number.isFinite(lo)
    ? lo + (Number.isFinite(hi) ? span * ctx.rng.next() : ctx.rng.int(0, 100))
    : Number.isFinite(hi)
      ? hi - ctx.rng.int(0, 100)
      : ctx.rng.int(0, 100);
  // A fractional part for plain numbers, so a number stays distinguishable from an integer (oneOf).
  const jitter = integer ? 0 : Math.round(ctx.rng.next() * 100) / 100;
  const candidates: number[] = [];
  if (step !== undefined) {
    const kmin = Math.ceil(lo / step);
    const kmax = Math.floor(hi / step);
    const k = Math.min(Math.max(Math.round(target / step), kmin), kmax);
    const places = Math.min(12, decimals(step) + 2);
    for (let d = 0; d < 40; d++) {
      for (const kk of [k + d, k - d]) candidates.push(Number((kk * step).toFixed(places)));
    }
    if (kmin <= 0 && kmax >= 0) candidates.push(0);
  } else {
    const round = (v: number) => (integer ? Math.round(v) : Math.round(v * 100) / 100);
    candidates.push(
      round(target + jitter),
      round(target),
      round((lo + hi) / 2),
      Math.ceil(lo) + 1,
      Math.floor(hi) - 1,
      (lo + hi) / 2,
    );
    if (!integer) candidates.push(lo + Math.min(1, span / 2), hi - Math.min(1, span / 2));
  }
  const found = candidates.find(ok);
  if (found !== undefined) return found;
  const pointer =
    values(parts, 'multipleOf')[0]?.pointer ??
    values(parts, 'minimum')[0]?.pointer ??
    parts[0]?.pointer ??
    '';
  throw new SchemaIssue(
    pointer,
    `no ${integer ? 'integer' : 'number'} satisfies the combined range and multipleOf`,
  );
}
