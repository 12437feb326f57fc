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
const FAULT_RULE_FIELDS = ['match', 'fault', 'times', 'probability', 'enabled'] as const;
const CHAT_FIXTURE_FIELDS = ['match', 'answer', 'times', 'enabled'] as const;
type EditableRule = Pick<FaultRule, (typeof FAULT_RULE_FIELDS)[number]>;
type EditableFixture = Pick<ChatFixture, (typeof CHAT_FIXTURE_FIELDS)[number]>;

/** `item` with those of `fields` that `patch` gives (JSON has no undefined, but a caller in code may). */
function patched<Item extends object, Patch extends object>(
  item: Item,
  patch: Patch,
  fields: readonly (keyof Patch & keyof Item)[],
): Item {
  const changes = fields.filter((field) => patch[field] !== undefined).map((field) => [field, patch[field]]);
  return { ...item, ...Object.fromEntries(changes) };
}

export const patchedFaultRule = <Rule extends EditableRule>(rule: Rule, patch: FaultRulePatch): Rule =>
  patched(rule, patch, FAULT_RULE_FIELDS);

export const patchedChatFixture = <Fixture extends EditableFixture>(
  fixture: Fixture,
  patch: ChatFixturePatch,
): Fixture => patched(fixture, patch, CHAT_FIXTURE_FIELDS);
