/**
 * What an edit (`PATCH /faults/{id}`, `PATCH /chat-fixtures/{id}`) does to a stored rule or
 * fixture, in one place for the local stores and the Redis-shared ones: the fields given replace
 * theirs (`match`, `fault` and `answer` whole, `times: null` for no limit), the rest is kept, and
 * what the edit cannot change (id, account, creation time) is the stored item's whatever the patch
 * holds. The counts (`fired`, `used`) are not part of a stored item: each store keeps its own, so
 * an edit never resets them.
 */
import type { ChatFixturePatch, FaultRulePatch } from '@assistant-platform/types/admin';
import type { StoredChatFixture } from './chat-fixtures.js';
import type { StoredFaultRule } from './fault-rules.js';

/** The fields of `patch` that were given (JSON has no undefined, but a caller in code may). */
function given<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function patchedFaultRule(rule: StoredFaultRule, patch: FaultRulePatch): StoredFaultRule {
  const { match, fault, times, probability, enabled } = given(patch);
  return {
    ...rule,
    ...(match === undefined ? {} : { match }),
    ...(fault === undefined ? {} : { fault }),
    ...(times === undefined ? {} : { times }),
    ...(probability === undefined ? {} : { probability }),
    ...(enabled === undefined ? {} : { enabled }),
  };
}

export function patchedChatFixture(fixture: StoredChatFixture, patch: ChatFixturePatch): StoredChatFixture {
  const { match, answer, times, enabled } = given(patch);
  return {
    ...fixture,
    ...(match === undefined ? {} : { match }),
    ...(answer === undefined ? {} : { answer }),
    ...(times === undefined ? {} : { times }),
    ...(enabled === undefined ? {} : { enabled }),
  };
}
