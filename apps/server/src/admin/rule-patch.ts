/**
 * What an edit (`PATCH /faults/{id}`, `PATCH /chat-fixtures/{id}`) does to a stored rule or
 * fixture, in one place for the local stores and the Redis-shared ones: the fields given replace
 * theirs (`match`, `fault` and `answer` whole, `times: null` for no limit), the rest is kept, and
 * what the edit cannot change (id, account, creation time) is the stored item's whatever the patch
 * holds. The counts (`fired`, `used`) are not part of a stored item: each store keeps its own, so
 * an edit never resets them.
 */
import type {
  ChatFixture,
  ChatFixturePatch,
  FaultRule,
  FaultRulePatch,
} from '@assistant-platform/types/admin';

/** What an edit may change of a rule or fixture, whatever else its store keeps beside. */
type EditableRule = Pick<FaultRule, 'match' | 'fault' | 'times' | 'probability' | 'enabled'>;
type EditableFixture = Pick<ChatFixture, 'match' | 'answer' | 'times' | 'enabled'>;

/** The fields of `patch` that were given (JSON has no undefined, but a caller in code may). */
function given<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function patchedFaultRule<Rule extends EditableRule>(rule: Rule, patch: FaultRulePatch): Rule {
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

export function patchedChatFixture<Fixture extends EditableFixture>(
  fixture: Fixture,
  patch: ChatFixturePatch,
): Fixture {
  const { match, answer, times, enabled } = given(patch);
  return {
    ...fixture,
    ...(match === undefined ? {} : { match }),
    ...(answer === undefined ? {} : { answer }),
    ...(times === undefined ? {} : { times }),
    ...(enabled === undefined ? {} : { enabled }),
  };
}
