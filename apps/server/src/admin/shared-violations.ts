/**
 * The violations summary of a deployment that shares a Redis (REDIS_URL): every instance in proxy
 * mode adds what it finds to one tally in Redis (shared/shared-tally.ts), grouped by operation and
 * rule as violations.ts groups them, so `GET /_admin/violations` through any instance sums up all
 * of them. Adding does not hold the exchange up: a batch Redis cannot take is lost (and logged);
 * reading and clearing answer 503 while Redis cannot be reached.
 */
import type { Violation, ViolationGroup } from '@assistant-platform/types/admin';
import type { CheckedExchange, ViolationsStore } from '../contract/admin-stores.js';
import type { SharedRedis } from '../shared/shared-redis.js';
import { SharedTally } from '../shared/shared-tally.js';
import { byOperationThenRule, firstOfGroup, groupKey } from './violations.js';

export class SharedViolations implements ViolationsStore {
  private readonly tally: SharedTally;

  constructor(
    private readonly shared: SharedRedis,
    private readonly warn: (details: object, message: string) => void,
  ) {
    this.tally = new SharedTally(shared, 'violations');
  }

  add(exchange: CheckedExchange, violations: readonly Violation[]): void {
    if (violations.length === 0) return;
    const at = new Date().toISOString();
    const occurrences = violations.map((violation) => ({
      key: groupKey(exchange, violation),
      first: JSON.stringify(firstOfGroup(exchange, violation, at)),
    }));
    if (!this.shared.isUp()) {
      this.warn({}, 'violations not counted: Redis cannot be reached');
      return;
    }
    this.tally
      .add(at, occurrences)
      .catch((error: unknown) => this.warn({ err: error }, 'violations not counted'));
  }

  summary(): Promise<{ total: number; groups: ViolationGroup[] }> {
    return this.shared.required(async () => {
      const { total, groups } = await this.tally.read();
      const summed = groups.map(({ first, count, lastAt }) => {
        const group = JSON.parse(first) as Omit<ViolationGroup, 'count' | 'lastAt'>;
        return {
          operationId: group.operationId,
          rule: group.rule,
          count,
          firstAt: group.firstAt,
          lastAt,
          example: group.example,
        };
      });
      return { total, groups: summed.sort(byOperationThenRule) };
    });
  }

  clear(): Promise<number> {
    return this.shared.required(() => this.tally.clear());
  }
}
