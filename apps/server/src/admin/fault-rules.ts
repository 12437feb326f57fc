/**
 * The fault rules of `/_admin/faults`: which platform requests get which fault. This store keeps
 * and picks rules; applying the fault is the request pipeline's, which asks `pick` (through
 * `app.faultRules`) for each platform request.
 *
 * Decisions:
 * - Rules are tried oldest first. The rule of a request is the first whose `match` fits and that
 *   has `times` left; its `probability` is then drawn, and a lost draw means no fault for this
 *   request (later rules are not tried), so a rule's chance is exactly the one it states.
 * - Chances come from a generator seeded with `FAULT_SEED`, drawn only for rules whose
 *   probability is below 1, so rules that always fire do not shift the sequence of the others.
 * - `clear()` puts the store back as it started: no rule, ids from 1 and the generator seeded
 *   again, so a run that begins with a reset repeats exactly.
 * - With REDIS_URL this store is an instance's copy of the deployment's rules (see
 *   shared-fault-rules.ts): `follow` applies the changes made through any instance, and its own
 *   `fired` counts only pick the candidate rule, which Redis then counts. Each instance draws
 *   chances from its own generator seeded with `FAULT_SEED` (re-seeded by a reset on any
 *   instance), so a run repeats per instance, not across them.
 */

import { ContractValidationError } from '@assistant-platform/types';
import { ADMIN_DEFAULTS, type FaultRule, type FaultRuleInput } from '@assistant-platform/types/admin';
import type { FaultRequest, FaultRulesStore } from '../contract/fastify-types.js';
import type { ListChange } from '../shared/shared-list.js';
import { matchesPath } from './path-pattern.js';
import { seededRandom } from './seeded-random.js';

/** More rules than a test plausibly needs; each platform request walks the list. */
export const MAX_FAULT_RULES = 100;

/** A rule as the deployment stores it, without the count of this instance. */
export type StoredFaultRule = Omit<FaultRule, 'fired'>;

/** A new rule's fields from its input, its defaults applied (all but the id). */
export function newFaultRule(input: FaultRuleInput): Omit<StoredFaultRule, 'id'> {
  return {
    match: input.match,
    fault: input.fault,
    times: input.times ?? null,
    probability: input.probability ?? ADMIN_DEFAULTS.FaultRuleInput.probability,
    createdAt: new Date().toISOString(),
  };
}

/** The contract's FaultRule, its fields in the contract's order. */
export const faultRuleOf = (rule: StoredFaultRule, fired: number): FaultRule => ({
  id: rule.id,
  match: rule.match,
  fault: rule.fault,
  times: rule.times,
  probability: rule.probability,
  fired,
  createdAt: rule.createdAt,
});

function matches(rule: FaultRule, request: FaultRequest): boolean {
  const { method, path, tokenName } = rule.match;
  return (
    (method === undefined || method === request.method) &&
    (path === undefined || matchesPath(path, request.path)) &&
    (tokenName === undefined || tokenName === request.tokenName)
  );
}

export class FaultRules implements FaultRulesStore {
  private rules: FaultRule[] = [];
  private nextId = 1;
  private random: () => number;

  constructor(private readonly seed: number) {
    this.random = seededRandom(seed);
  }

  add(input: FaultRuleInput): FaultRule {
    if (this.rules.length >= MAX_FAULT_RULES)
      throw ContractValidationError.at(
        '',
        `at most ${MAX_FAULT_RULES} fault rules are kept: remove one first`,
      );
    const rule = faultRuleOf({ id: this.nextId++, ...newFaultRule(input) }, 0);
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return [...this.rules];
  }

  remove(id: number): FaultRule | undefined {
    const index = this.rules.findIndex((rule) => rule.id === id);
    if (index < 0) return undefined;
    return this.rules.splice(index, 1)[0];
  }

  clear(): number {
    const removed = this.rules.length;
    this.rules = [];
    this.nextId = 1;
    this.random = seededRandom(this.seed);
    return removed;
  }

  /** Applies a change of the deployment's rules to this copy (a reset starts the generator again). */
  follow(change: ListChange<StoredFaultRule>): void {
    if (change.kind === 'add') {
      if (!this.rules.some((rule) => rule.id === change.item.id))
        this.rules.push(faultRuleOf(change.item, 0));
    } else if (change.kind === 'remove') {
      this.rules = this.rules.filter((rule) => rule.id !== change.id);
    } else {
      const fired = new Map(this.rules.map((rule) => [rule.id, rule.fired]));
      this.rules = change.items.map((rule) =>
        faultRuleOf(rule, change.restart ? 0 : (fired.get(rule.id) ?? 0)),
      );
      if (change.restart) this.random = seededRandom(this.seed);
    }
  }

  /** Marks a rule as having no `times` left (another instance used them). */
  exhaust(id: number): void {
    const rule = this.rules.find((r) => r.id === id);
    if (rule && rule.times !== null) rule.fired = rule.times;
  }

  isEmpty(): boolean {
    return this.rules.length === 0;
  }

  pick(request: FaultRequest): FaultRule | undefined {
    const rule = this.rules.find((r) => (r.times === null || r.fired < r.times) && matches(r, request));
    if (!rule) return undefined;
    if (rule.probability < 1 && this.random() >= rule.probability) return undefined;
    rule.fired++;
    return rule;
  }
}
