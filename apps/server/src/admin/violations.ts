/**
 * The violations summary of `GET /_admin/violations`: every contract violation the proxy found,
 * counted by operation and rule, with the first of each as its example. It holds one group per
 * operation and rule at most (the contract's operations, plus requests that match none, times its
 * rules), so it stays small however long the proxy runs; the journal keeps each request's own.
 */
import type { Violation, ViolationGroup } from '@assistant-platform/types/admin';
import type { CheckedExchange, ViolationsStore } from '../contract/admin-stores.js';

/** The summary's order: by operation (requests matching none last), then rule. */
export const byOperationThenRule = (a: ViolationGroup, b: ViolationGroup): number =>
  (a.operationId ?? '\uffff').localeCompare(b.operationId ?? '\uffff') || a.rule.localeCompare(b.rule);

/** A new group's fields but its count and last time: the violation found first is its example. */
export function firstOfGroup(
  exchange: CheckedExchange,
  violation: Violation,
  at: string,
): Omit<ViolationGroup, 'count' | 'lastAt'> {
  return {
    operationId: exchange.operationId,
    rule: violation.rule,
    firstAt: at,
    example: {
      requestId: exchange.requestId,
      at,
      method: exchange.method,
      path: exchange.path,
      status: exchange.status,
      message: violation.message,
      issues: violation.issues,
    },
  };
}

/** The key of the group a violation belongs to: its operation and rule. */
export const groupKey = (exchange: CheckedExchange, violation: Violation): string =>
  `${exchange.operationId ?? ''}\n${violation.rule}`;

export class Violations implements ViolationsStore {
  private readonly groups = new Map<string, ViolationGroup>();
  private total = 0;

  add(exchange: CheckedExchange, violations: readonly Violation[]): void {
    const at = new Date().toISOString();
    for (const violation of violations) {
      this.total++;
      const key = groupKey(exchange, violation);
      const group = this.groups.get(key);
      if (group) {
        group.count++;
        group.lastAt = at;
        continue;
      }
      this.groups.set(key, { ...firstOfGroup(exchange, violation, at), count: 1, lastAt: at });
    }
  }

  /** The groups ordered by operation (requests matching none last), then rule. */
  summary(): { total: number; groups: ViolationGroup[] } {
    const groups = [...this.groups.values()].sort(byOperationThenRule);
    return { total: this.total, groups: structuredClone(groups) };
  }

  clear(): number {
    const removed = this.total;
    this.groups.clear();
    this.total = 0;
    return removed;
  }
}
