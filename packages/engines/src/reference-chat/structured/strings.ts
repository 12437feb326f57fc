/**
 * Strings that meet every length, pattern and format of their parts. Candidates are tried in order
 * (a format value, a string generated from the pattern with randexp, the conversation's hint, a
 * filler) and the first one every part accepts wins.
 */
import RandExpModule from 'randexp';
import { firstSentence } from '../conversation.js';
import type { Rng } from '../prng.js';
import { largest, type Part, smallest, values } from './collect.js';
import type { GenerateContext } from './context.js';
import { formatValue, type SupportedFormat } from './formats.js';
import { listHint, stringHint } from './hints.js';
import { randexpSource } from './pattern-source.js';
import { codePoints, SchemaIssue } from './schema.js';

// randexp is CommonJS with `module.exports = RandExp`; Node hands that over as the default import.
type RandExpClass = typeof import('randexp').default;
const RandExp = ((RandExpModule as unknown as { default?: RandExpClass }).default ??
  (RandExpModule as unknown as RandExpClass)) as RandExpClass;

// Parsing a pattern is the costly part of randexp; a parsed generator is reused (seeded per call).
const generators = new Map<string, InstanceType<RandExpClass> | null>();

function generatorFor(pattern: string): InstanceType<RandExpClass> | null {
  let generator = generators.get(pattern);
  if (generator === undefined) {
    try {
      generator = new RandExp(randexpSource(pattern));
    } catch {
      generator = null;
    }
    if (generators.size > 500) generators.clear();
    generators.set(pattern, generator);
  }
  return generator;
}

function fromPattern(pattern: string, rng: Rng, maxRepeat: number): string | undefined {
  const generator = generatorFor(pattern);
  if (!generator) return undefined;
  generator.max = maxRepeat;
  generator.randInt = (a: number, b: number) => rng.int(a, b);
  try {
    return generator.gen();
  } catch {
    return undefined;
  }
}

/** Cuts to `max` code points (at a word when possible) and pads to `min` with words of `filler`. */
export function fitLength(text: string, min: number, max: number, filler: string): string {
  let chars = [...text];
  if (chars.length > max) {
    chars = chars.slice(0, max);
    const space = chars.lastIndexOf(' ');
    if (space > max / 2) chars = chars.slice(0, space);
  }
  const pad = [...` ${filler.trim() || 'text'}`];
  for (let i = 0; chars.length < min; i++) chars.push(pad[i % pad.length] ?? 'x');
  const result = chars.join('');
  return codePoints(result) > max ? [...result].slice(0, max).join('') : result;
}

export function generateString(parts: Part[], name: string, ctx: GenerateContext, index?: number): string {
  const min = largest(parts, 'minLength') ?? 0;
  const max = smallest(parts, 'maxLength') ?? Infinity;
  const formats = [...new Set(values<SupportedFormat>(parts, 'format').map((v) => v.value))];
  const patterns = values<string>(parts, 'pattern');
  const ok = (text: string | undefined): text is string =>
    text !== undefined && parts.every((part) => ctx.validators.accepts(part, text));
  const format = formats[0];
  if (formats.length > 1)
    throw new SchemaIssue(values(parts, 'format')[1]?.pointer ?? '', 'conflicting formats');
  if (format) {
    for (let variant = 0; variant < 4; variant++) {
      const candidate = formatValue(format, ctx.rng, ctx.source.conversation, variant + ctx.variant);
      if (ok(candidate)) return candidate;
    }
  }
  const first = patterns[0];
  if (first) {
    const budget = Math.min(max, Math.max(min, 8));
    for (let attempt = 0; attempt < 24; attempt++) {
      const repeat =
        attempt < 8 ? Math.max(1, Math.min(8, budget)) : attempt < 16 ? budget : Math.max(min, 1) + attempt;
      const candidate = fromPattern(first.value, ctx.rng, repeat);
      if (ok(candidate)) return candidate;
    }
    throw new SchemaIssue(
      first.pointer,
      `cannot generate a string matching pattern ${JSON.stringify(first.value)} within the other constraints (or the pattern uses a regex feature the generator lacks, e.g. lookbehind)`,
    );
  }
  if (format)
    throw new SchemaIssue(
      values(parts, 'format')[0]?.pointer ?? '',
      `no "${format}" value fits the length limits`,
    );
  const listed = index === undefined ? undefined : listHint(name, ctx.source)?.[index];
  const hint = ctx.variant > 0 ? undefined : (listed ?? stringHint(name, ctx.source));
  const keywords = ctx.source.conversation.keywords;
  const label = name || 'item';
  const base =
    index === undefined
      ? firstSentence(ctx.source.conversation.text, 60) || label
      : (keywords[index] ?? `${label} ${index + 1}`);
  // A retry for uniqueItems leads with its number, so a length cut keeps it distinct.
  const fallback = ctx.variant > 0 ? `${ctx.variant + 1} ${base}` : base;
  // Even a budget of 0 leaves room for a retry's number, or uniqueItems could not be met.
  const room = ctx.variant > 0 ? String(ctx.variant + 1).length : 0;
  const cap = Math.max(min, Math.min(max, Math.max(ctx.stringBudget, room)));
  const candidate = fitLength(hint ?? fallback, min, cap, keywords.join(' ') || label);
  if (ok(candidate)) return candidate;
  throw new SchemaIssue(parts[0]?.pointer ?? '', 'cannot generate a string within the length limits');
}
