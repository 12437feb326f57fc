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
 */

import { ContractValidationError } from '@assistant-platform/types';
import { ADMIN_DEFAULTS, type FaultRule, type FaultRuleInput } from '@assistant-platform/types/admin';
import type { FaultRequest, FaultRulesStore } from '../contract/fastify-types.js';
import { matchesPath } from './path-pattern.js';
import { seededRandom } from './seeded-random.js';

/** More rules than a test plausibly needs; each platform request walks the list. */
export const MAX_FAULT_RULES = 100;

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
    const rule: FaultRule = {
      id: this.nextId++,
      match: input.match,
      fault: input.fault,
      times: input.times ?? null,
      probability: input.probability ?? ADMIN_DEFAULTS.FaultRuleInput.probability,
      fired: 0,
      createdAt: new Date().toISOString(),
    };
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
