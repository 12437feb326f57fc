/**
 * The fault rules of `/_admin/faults`: which platform requests get which fault. This store keeps
 * and picks rules; applying the fault is the faults plugin's
 * (pipeline/faults/fault-hook.ts), which asks `pick` for each platform request.
 *
 * Decisions:
 * - A rule is an account's (its admin added it: it applies to requests made with that account's
 *   tokens only) or operators' (`accountId` null: it applies to every request). Each owner keeps at
 *   most MAX_FAULT_RULES, and a request walks only its account's and the operators' (owned-list.ts).
 * - Rules are tried oldest first. The rule of a request is the first whose `match` fits and that
 *   has `times` left; its `probability` is then drawn, and a lost draw means no fault for this
 *   request (later rules are not tried), so a rule's chance is exactly the one it states.
 * - Chances come from a generator per account whose request it is (and one for requests of no
 *   account), seeded with `FAULT_SEED` and drawn only for rules whose probability is below 1: an
 *   account's run repeats whatever other accounts' requests do, and rules that always fire do not
 *   shift the sequence of the others. Clearing an account's rules seeds its generator again.
 * - A rule may be disabled (`enabled: false`): kept, listed and editable, never picked. An edit
 *   (rule-patch.ts) keeps the rule's id, place, account and `fired` count.
 * - `clear('all')` puts the store back as it started: no rule, ids from 1 and every generator
 *   seeded again, so a run that begins with a reset repeats exactly.
 * - With REDIS_URL this store is an instance's copy of the deployment's rules (see
 *   shared-fault-rules.ts): `follow` applies the changes made through any instance, and its own
 *   `fired` counts only pick the candidate rule, which Redis then counts. Each instance draws
 *   chances from its own generators, so a run repeats per instance, not across them.
 */

import { ContractValidationError } from '@assistant-platform/types';
import {
  ADMIN_DEFAULTS,
  type FaultRule,
  type FaultRuleInput,
  type FaultRulePatch,
} from '@assistant-platform/types/admin';
import { type FaultRequest, type FaultRulesStore, type Reach, reaches } from '../contract/admin-stores.js';
import type { ListChange } from '../shared/shared-list.js';
import { declaredBound } from './declared-bound.js';
import { OwnedList } from './owned-list.js';
import { matchesPath } from './path-pattern.js';
import { patchedFaultRule } from './rule-patch.js';
import { seededRandom } from './seeded-random.js';

/** The contract's bound on the rules kept per account (and of operators). */
export const MAX_FAULT_RULES = declaredBound('/faults', 'post', 'x-max-per-account');

/** The refusal of one rule too many for its owner. */
export const tooManyRules = () =>
  ContractValidationError.at(
    '',
    `at most ${MAX_FAULT_RULES} fault rules are kept per account: remove one first`,
  );

/** A rule as the deployment stores it, without the count of this instance. */
export type StoredFaultRule = Omit<FaultRule, 'fired'>;

/** A new rule's fields from its input, its defaults applied (all but the id). */
export function newFaultRule(input: FaultRuleInput, accountId: number | null): Omit<StoredFaultRule, 'id'> {
  return {
    accountId,
    match: input.match,
    fault: input.fault,
    times: input.times ?? null,
    probability: input.probability ?? ADMIN_DEFAULTS.FaultRuleInput.probability,
    enabled: input.enabled ?? ADMIN_DEFAULTS.FaultRuleInput.enabled,
    createdAt: new Date().toISOString(),
  };
}

/** The contract's FaultRule, its fields in the contract's order. */
export const faultRuleOf = (rule: StoredFaultRule, fired: number): FaultRule => ({
  id: rule.id,
  // A rule stored before rules had owners was added by an admin of the whole server.
  accountId: rule.accountId ?? null,
  match: rule.match,
  fault: rule.fault,
  times: rule.times,
  probability: rule.probability,
  // A rule stored before rules could be disabled applies.
  enabled: rule.enabled ?? true,
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
  private readonly rules = new OwnedList<FaultRule>((rule) => rule);
  private nextId = 1;
  /** Each account's generator (0: requests of no account), made at its first draw. */
  private readonly randoms = new Map<number, () => number>();

  constructor(private readonly seed: number) {}

  add(input: FaultRuleInput, accountId: number | null): FaultRule {
    if (this.rules.countOf(accountId) >= MAX_FAULT_RULES) throw tooManyRules();
    const rule = faultRuleOf({ id: this.nextId++, ...newFaultRule(input, accountId) }, 0);
    this.rules.add(rule);
    return rule;
  }

  list(reach: Reach): FaultRule[] {
    return this.rules.within(reach);
  }

  remove(id: number, reach: Reach): FaultRule | undefined {
    return this.rules.remove(id, reach);
  }

  /** Edits rule `id` if it is within reach, in its place and keeping its count. */
  update(id: number, patch: FaultRulePatch, reach: Reach): FaultRule | undefined {
    const rule = this.rules.find(id);
    if (rule === undefined || !reaches(reach, rule.accountId)) return undefined;
    return Object.assign(rule, faultRuleOf(patchedFaultRule(rule, patch), rule.fired));
  }

  clear(reach: Reach): number {
    const removed = this.rules.clear(reach);
    this.restart(reach);
    return removed;
  }

  /** Seeds the generators within reach again. */
  private restart(reach: Reach): void {
    if (reach === 'all') {
      this.nextId = 1;
      this.randoms.clear();
    } else this.randoms.delete(reach);
  }

  /** Applies a change of the deployment's rules to this copy (a reset starts the generators again). */
  follow(change: ListChange<StoredFaultRule>): void {
    if (change.kind === 'add') {
      if (!this.rules.find(change.item.id)) this.rules.add(faultRuleOf(change.item, 0));
    } else if (change.kind === 'update') {
      const rule = this.rules.find(change.item.id);
      if (rule) Object.assign(rule, faultRuleOf(change.item, rule.fired));
    } else if (change.kind === 'remove') {
      for (const id of change.ids) this.rules.remove(id);
      if (change.owner !== undefined) this.restart(change.owner);
    } else {
      const fired = new Map(this.rules.within('all').map((rule) => [rule.id, rule.fired]));
      this.rules.clear('all');
      for (const rule of change.items)
        this.rules.add(faultRuleOf(rule, change.restart ? 0 : (fired.get(rule.id) ?? 0)));
      if (change.restart) this.randoms.clear();
    }
  }

  /** Marks a rule as having no `times` left (another instance used them). */
  exhaust(id: number): void {
    const rule = this.rules.find(id);
    if (rule && rule.times !== null) rule.fired = rule.times;
  }

  isEmpty(): boolean {
    return this.rules.isEmpty();
  }

  pick(request: FaultRequest): FaultRule | undefined {
    let rule: FaultRule | undefined;
    for (const candidate of this.rules.candidates(request.accountId))
      if (
        candidate.enabled &&
        (candidate.times === null || candidate.fired < candidate.times) &&
        matches(candidate, request)
      ) {
        rule = candidate;
        break;
      }
    if (!rule) return undefined;
    if (rule.probability < 1 && this.randomOf(request.accountId ?? 0)() >= rule.probability) return undefined;
    rule.fired++;
    return rule;
  }

  private randomOf(accountId: number): () => number {
    let random = this.randoms.get(accountId);
    if (random === undefined) {
      random = seededRandom(this.seed);
      this.randoms.set(accountId, random);
    }
    return random;
  }
}
