/**
 * The fault rules of a deployment that shares a Redis (REDIS_URL): the rules live in Redis (a
 * SharedList), every instance keeps a copy (a FaultRules that follows the list's changes), so
 * picking a rule for a request is a walk of memory as without Redis, and only a request a rule
 * picks asks Redis, to count it. Counting is one script that refuses a rule with no `times` left,
 * so a rule with `times: N` fires N times across all instances; a refused rule is marked used up
 * in the copy and the next matching rule is tried. A rule added through one instance is in its copy
 * before the answer; any other instance brings its copy up to date before it applies faults to its
 * next authenticated request (the rate limit's script reads the list's version), or hears of it a
 * few milliseconds later.
 *
 * Each rule carries its account (null: operators'), kept beside it in Redis, so the bound of rules
 * is per account across the deployment and each instance's copy picks, lists and removes by
 * account as the local store does. An edit (`update`) is one change of the list, as an addition is:
 * every copy follows it, and its count in Redis is kept.
 *
 * The admin operations answer 503 while Redis cannot be reached. A request a rule picks then gets
 * the fault counted on this instance alone (REDIS_FAILURE=open), or answers 503 (closed).
 */
import type { FaultRule, FaultRuleInput, FaultRulePatch } from '@assistant-platform/types/admin';
import { type FaultRequest, type FaultRulesStore, type Reach, reaches } from '../contract/admin-stores.js';
import { SharedList, type VersionedCopy } from '../shared/shared-list.js';
import type { SharedRedis } from '../shared/shared-redis.js';
import {
  FaultRules,
  faultRuleOf,
  MAX_FAULT_RULES,
  newFaultRule,
  type StoredFaultRule,
  tooManyRules,
} from './fault-rules.js';
import { patchedFaultRule } from './rule-patch.js';

export class SharedFaultRules implements FaultRulesStore {
  private constructor(
    private readonly shared: SharedRedis,
    private readonly copy: FaultRules,
    private readonly rules: SharedList<StoredFaultRule>,
  ) {}

  /** The copy's version, for a request to bring it up to date (see shared/rate-limit-store.ts). */
  get versioned(): VersionedCopy {
    return this.rules;
  }

  static async start(shared: SharedRedis, seed: number): Promise<SharedFaultRules> {
    const copy = new FaultRules(seed);
    const rules = new SharedList<StoredFaultRule>(
      shared,
      'fault-rules',
      MAX_FAULT_RULES,
      (change) => copy.follow(change),
      (rule) => rule.accountId ?? null,
    );
    await rules.start();
    return new SharedFaultRules(shared, copy, rules);
  }

  async add(input: FaultRuleInput, accountId: number | null): Promise<FaultRule> {
    const added = await this.shared.required(() => this.rules.add(newFaultRule(input, accountId)));
    if (added === undefined) throw tooManyRules();
    return faultRuleOf(added, 0);
  }

  async list(reach: Reach): Promise<FaultRule[]> {
    const { items, uses } = await this.shared.required(() => this.rules.read());
    return items
      .map((rule) => faultRuleOf(rule, uses.get(rule.id) ?? 0))
      .filter((rule) => reaches(reach, rule.accountId));
  }

  async remove(id: number, reach: Reach): Promise<FaultRule | undefined> {
    const removed = await this.shared.required(() => this.rules.remove(id, reach));
    return removed && faultRuleOf(removed.item, removed.uses);
  }

  async update(id: number, patch: FaultRulePatch, reach: Reach): Promise<FaultRule | undefined> {
    const updated = await this.shared.required(() =>
      this.rules.update(id, reach, (rule) => patchedFaultRule(rule, patch)),
    );
    return updated && faultRuleOf(updated.item, updated.uses);
  }

  async clear(reach: Reach): Promise<number> {
    return this.shared.required(() =>
      reach === 'all' ? this.rules.replace([]) : this.rules.removeOwned(reach),
    );
  }

  isEmpty(): boolean {
    return this.copy.isEmpty();
  }

  async pick(request: FaultRequest): Promise<FaultRule | undefined> {
    for (;;) {
      const rule = this.copy.pick(request);
      if (rule === undefined) return undefined;
      const counted = await this.shared.shared(
        () => this.rules.claim(rule.id, rule.times),
        () => true,
      );
      if (counted) return rule;
      this.copy.exhaust(rule.id);
    }
  }
}
