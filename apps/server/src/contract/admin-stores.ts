/**
 * The stores of the admin API's state: the journal, fault rules, chat fixtures and violations, as
 * the pipeline, the operations, the proxy and the admin routes use them, whichever keeps them (this
 * instance's own, admin/journal.ts, fault-rules.ts, chat-fixtures.ts, violations.ts, or the one the
 * instances share through Redis, admin/shared-*.ts). Here, below every folder that uses them, so
 * the layers under admin/ reach them only through these interfaces and the app's decorations.
 */
import type {
  ChatFixture,
  ChatFixtureInput,
  ChatFixturePatch,
  FaultRule,
  FaultRuleInput,
  FaultRulePatch,
  JournalEntry,
  RequestMatcher,
  Violation,
  ViolationGroup,
} from '@assistant-platform/types/admin';

/**
 * A store's answer: a value from one kept in this process, a promise from one kept in the Redis
 * the instances share (REDIS_URL, see src/shared/).
 */
export type Awaitable<T> = T | Promise<T>;

/**
 * Whose records an admin call reaches (admin.yaml, "Two kinds of administration"): one account's,
 * for that account's admin, or every account's (`'all'`), for an operator. Every store of the admin
 * API takes it explicitly, so no call reaches everything by omission.
 */
export type Reach = number | 'all';

/** Whether a record of `accountId` (null or 0: no account's) is within `reach`. */
export const reaches = (reach: Reach, accountId: number | null): boolean =>
  reach === 'all' || reach === accountId;

/**
 * The journal of platform requests (admin/journal.ts, or admin/shared-journal.ts), newest first.
 * An entry is the account's whose token authenticated its request; one no token did is no
 * account's, which only `'all'` reaches.
 */
export interface JournalStore {
  list(reach: Reach, filter?: RequestMatcher & { limit?: number }): Awaitable<JournalEntry[]>;
  find(reach: Reach, matcher: RequestMatcher): Awaitable<{ count: number; requests: JournalEntry[] }>;
  /** Removes the entries within reach (`'all'`: every entry, ids from 1 again); answers how many. */
  clear(reach: Reach): Awaitable<number>;
  /** How many entries it keeps now, every account's (for metrics). */
  entryCount(): Awaitable<number>;
  /** Calls `listener` with every entry within reach recorded from now on; the returned function stops it. */
  onRecord(reach: Reach, listener: (entry: JournalEntry) => void): () => void;
}

/** A platform request as fault rules see it. */
export interface FaultRequest {
  method: string;
  /** Without the query string. */
  path: string;
  /** The authenticated token's name, undefined before authentication or without a token. */
  tokenName: string | undefined;
  /** The authenticated token's account: only its account's rules and operators' apply. */
  accountId: number | undefined;
}

/**
 * Records an account owns (applying to its requests only) or, with `accountId` null, operators' (to
 * every account's): fault rules and chat fixtures, each kept by admin/owned-list.ts.
 */
interface OwnedRecordsStore<Item, Input, Patch, Picking> {
  /** Adds a record of `accountId` (null: an operator's). */
  add(input: Input, accountId: number | null): Awaitable<Item>;
  list(reach: Reach): Awaitable<Item[]>;
  remove(id: number, reach: Reach): Awaitable<Item | undefined>;
  /** Edits a record within reach (admin/rule-patch.ts); undefined when there is none. */
  update(id: number, patch: Patch, reach: Reach): Awaitable<Item | undefined>;
  /** Removes the records within reach (`'all'`: every one, ids from 1 again); answers how many. */
  clear(reach: Reach): Awaitable<number>;
  /** The record that applies to this request, counted as used (a rule fired); undefined when none. */
  pick(request: Picking): Awaitable<Item | undefined>;
}

/** The fault rules of `/_admin/faults` (admin/fault-rules.ts, or shared-fault-rules.ts). */
export interface FaultRulesStore
  extends OwnedRecordsStore<FaultRule, FaultRuleInput, FaultRulePatch, FaultRequest> {
  /** No rule at all: the pipeline need not describe the request to `pick`. */
  isEmpty(): boolean;
}

/** A checked exchange, as the violations summary keeps its example. */
export interface CheckedExchange {
  operationId: string | null;
  /** The id the client saw (the target's `x-request-id`). */
  requestId: string;
  method: string;
  /** Without the query string. */
  path: string;
  status: number | null;
}

/** The violations summary of `/_admin/violations` (admin/violations.ts, or shared-violations.ts). */
export interface ViolationsStore {
  add(exchange: CheckedExchange, violations: readonly Violation[]): void;
  summary(): Awaitable<{ total: number; groups: ViolationGroup[] }>;
  clear(): Awaitable<number>;
}

/** A chat request as chat fixtures see it. */
export interface FixtureChat {
  /** The text of the request's `message` text blocks. */
  message: string;
  /** The request's inline agent `name`. */
  agentName: string;
  intents: readonly string[];
  /** The authenticated token's account: only its account's fixtures and operators' answer. */
  accountId: number | undefined;
}

/**
 * The chat fixtures of `/_admin/chat-fixtures` and `CHAT_FIXTURES` (admin/chat-fixtures.ts, or
 * shared-chat-fixtures.ts).
 */
export interface ChatFixturesStore
  extends OwnedRecordsStore<ChatFixture, ChatFixtureInput, ChatFixturePatch, FixtureChat> {
  /**
   * Puts `inputs` (operators') in place of every fixture, ids from 1 (an operator's reset);
   * answers how many were removed.
   */
  replace(inputs: readonly ChatFixtureInput[]): Awaitable<number>;
}
