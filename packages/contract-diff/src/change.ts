/**
 * What the contract diff reports: one change, its level and the rule that decided it. The level
 * is from a client's side: `breaking` when a client written against the old contract can fail
 * against the new one, `compatible` for what only adds, `documentation` for words. A deprecation or
 * a sunset is a compatible change the report names apart, since it announces a breaking one.
 */

export type Level = 'breaking' | 'compatible' | 'documentation';

/** The changeset bump each level asks for (one fixed group, so one bump for the release). */
export type Bump = 'major' | 'minor' | 'patch';

export const BUMP_OF: Record<Level, Bump> = {
  breaking: 'major',
  compatible: 'minor',
  documentation: 'patch',
};

const BUMP_ORDER: (Bump | 'none')[] = ['none', 'patch', 'minor', 'major'];

/** The larger of two bumps (`none` when neither asks for one). */
export function maxBump(a: Bump | 'none', b: Bump | 'none'): Bump | 'none' {
  return BUMP_ORDER.indexOf(a) >= BUMP_ORDER.indexOf(b) ? a : b;
}

/** Whether `given` is at least `needed`. */
export function bumpCovers(given: Bump | 'none', needed: Bump | 'none'): boolean {
  return BUMP_ORDER.indexOf(given) >= BUMP_ORDER.indexOf(needed);
}

export interface Change {
  level: Level;
  /** The rule's id, as README.md lists them. */
  rule: string;
  /** Which contract: `openapi` (the platform) or `admin`. */
  document: string;
  /** Where, e.g. `POST /agents/create (createAgent) request body .instruction`. */
  where: string;
  /** What changed, in words: `maxLength 2000 → 1000`. */
  message: string;
  /** Set on a deprecation: when it was deprecated (`x-deprecated-at`) and goes away (`x-sunset`). */
  deprecation?: { since?: string; sunset?: string };
}

/** The bump a list of changes asks for. */
export function bumpFor(changes: readonly Change[]): Bump | 'none' {
  return changes.reduce<Bump | 'none'>((bump, change) => maxBump(bump, BUMP_OF[change.level]), 'none');
}

/** Collects changes for one document as the walkers find them. */
export class ChangeLog {
  readonly changes: Change[] = [];
  constructor(readonly document: string) {}

  add(level: Level, rule: string, where: string, message: string, deprecation?: Change['deprecation']) {
    this.changes.push({
      level,
      rule,
      document: this.document,
      where,
      message,
      ...(deprecation ? { deprecation } : {}),
    });
  }
}

/** Deep equality of JSON values whose objects may be cyclic (dereferenced recursive schemas). */
export function sameValue(a: unknown, b: unknown, seen = new WeakMap<object, WeakSet<object>>()): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const pairs = seen.get(a) ?? new WeakSet<object>();
  if (pairs.has(b)) return true;
  pairs.add(b);
  seen.set(a, pairs);
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], seen),
  );
}

/** A short printable form of a value for messages. */
export function show(value: unknown): string {
  if (value === undefined) return 'none';
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return '(a recursive schema)';
  }
}
