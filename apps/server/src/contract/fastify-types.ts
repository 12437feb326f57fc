import type { ServerResponse } from 'node:http';
import type { OperationId, Scope } from '@assistant-platform/types';
import type {
  AdminOperationId,
  AppliedFault,
  ChatFixture,
  ChatFixtureInput,
  ChatFixturePatch,
  FaultRule,
  FaultRuleInput,
  FaultRulePatch,
  JournalEntry,
  ReplayOutcome,
  RequestMatcher,
  Violation,
  ViolationGroup,
} from '@assistant-platform/types/admin';
import type { KeyRecord, Repositories, StoredAnswer } from '../db/store.js';

/** Who is calling, as resolved from the bearer token. */
export interface AuthContext {
  tokenId: number;
  accountId: number;
  /** The token's label (what the journal shows and fault rules match on); never the token. */
  tokenName: string;
  /** SHA-256 of the token: the rate limiter's key, safe to hold in memory and logs. */
  tokenHash: string;
  scopes: readonly string[];
}

/**
 * What the journal keeps of one platform request while it runs (`request.journal`, null on
 * requests it does not record: admin, docs, health, or every request when `JOURNAL_MAX=0`). The
 * stages that know something the journal cannot see set it here.
 */
export interface RequestJournal {
  /** The chat fixture that answered; the chat operation sets it. */
  chatFixtureId: number | null;
  /**
   * How a fault (or, in proxy mode, the target; or a stalled reader's cut) ended the exchange; left undefined, the journal
   * tells `answered` from `client-closed`.
   */
  outcome: 'reset' | 'disconnected' | 'target-failed' | 'stalled' | undefined;
  /** The request body as received; the body parser sets it. */
  requestBody: Uint8Array | undefined;
  /**
   * Keeps a copy of the body, cut to the journal's bound, instead of the bytes themselves: for a
   * body whose bytes move to a body worker (they are gone from this thread once it starts).
   */
  keepRequestBodyCopy(bytes: Uint8Array): void;
  /** The operation reached; in proxy mode, the one whose method and path the request matches. */
  operationId: string | null;
  /** The request's id as the client sees it: in proxy mode, the target's. */
  requestId: string;
  /** Where a checked exchange broke the contract (proxy mode); null when it was not checked. */
  violations: Violation[] | null;
  /** How a replaying server answered; null when it does not replay. */
  replay: ReplayOutcome | null;
  /** Keeps the answer's body (a string or bytes) when no Fastify `send` carries it (proxy mode). */
  answered(payload: unknown): void;
  /** Records the events of a Server-Sent Events answer as they are written to `response`. */
  streamed(response: ServerResponse): void;
}

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
 * The fault rules of `/_admin/faults` (admin/fault-rules.ts, or shared-fault-rules.ts). A rule is
 * an account's (applying to its requests only) or, with `accountId` null, operators' (to all).
 */
export interface FaultRulesStore {
  /** Adds a rule of `accountId` (null: an operator's). */
  add(input: FaultRuleInput, accountId: number | null): Awaitable<FaultRule>;
  list(reach: Reach): Awaitable<FaultRule[]>;
  remove(id: number, reach: Reach): Awaitable<FaultRule | undefined>;
  /** Edits a rule within reach (admin/rule-patch.ts); undefined when there is none. */
  update(id: number, patch: FaultRulePatch, reach: Reach): Awaitable<FaultRule | undefined>;
  /** Removes the rules within reach (`'all'`: every rule, ids from 1 again); answers how many. */
  clear(reach: Reach): Awaitable<number>;
  /** The rule whose fault this request gets, counted as fired; undefined when none. */
  pick(request: FaultRequest): Awaitable<FaultRule | undefined>;
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
export interface ChatFixturesStore {
  /** Adds a fixture of `accountId` (null: an operator's, answering every account's chats). */
  add(input: ChatFixtureInput, accountId: number | null): Awaitable<ChatFixture>;
  list(reach: Reach): Awaitable<ChatFixture[]>;
  remove(id: number, reach: Reach): Awaitable<ChatFixture | undefined>;
  /** Edits a fixture within reach (admin/rule-patch.ts); undefined when there is none. */
  update(id: number, patch: ChatFixturePatch, reach: Reach): Awaitable<ChatFixture | undefined>;
  /** Removes the fixtures within reach (`'all'`: every one, ids from 1 again); answers how many. */
  clear(reach: Reach): Awaitable<number>;
  /**
   * Puts `inputs` (operators') in place of every fixture, ids from 1 (an operator's reset);
   * answers how many were removed.
   */
  replace(inputs: readonly ChatFixtureInput[]): Awaitable<number>;
  /** The fixture that answers this chat, counted as used; undefined when none. */
  pick(chat: FixtureChat): Awaitable<ChatFixture | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once the chat and embedding engines have loaded; rejects if they cannot be built. */
    enginesReady: Promise<void>;
    /** The token created at start-up on a database that had none, to print once; else undefined. */
    firstToken: string | undefined;
    /** This app's journal of platform requests. */
    journal: JournalStore;
    /** This app's fault rules: the pipeline asks `pick` which fault a platform request gets. */
    faultRules: FaultRulesStore;
    /** This app's chat fixtures: the chat operation asks `pick` whether one answers. */
    chatFixtures: ChatFixturesStore;
    /** This app's violations summary: in proxy mode, the proxy adds what each exchange broke. */
    violations: ViolationsStore;
    /** How many cassettes a replaying server answers from; undefined when it does not replay. */
    cassettes: number | undefined;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The fault this request gets (see pipeline/faults/), or null; the journal shows it. */
    fault: AppliedFault | null;
    journal: RequestJournal | null;
    /**
     * The canonical SHA-256 of the body as received, when it came with an `Idempotency-Key` to an
     * operation that takes one (see pipeline/body/); else null.
     */
    bodyHash: string | null;
    /**
     * The `Idempotency-Key` this request claimed (see pipeline/idempotency.ts), until `finish` stores
     * its answer (or nothing) and lets the key go; `finish` answers the record another request with
     * the key stored first, if one did.
     */
    idempotencyClaim: { finish(answer: StoredAnswer | undefined): Promise<KeyRecord | undefined> } | null;
    /** The transaction a keyed write runs in (its work and its key's answer), while it runs; else null. */
    keyTransaction: Repositories | null;
  }
  interface FastifyContextConfig {
    /** The scope an API route requires; routes without one (docs, health) need no token. */
    scope?: Scope;
    /** The platform operation a route serves (see in-flight-limit.ts and the body parser). */
    operationId?: OperationId;
    /** The admin operation a route serves: not rate limited per token, not journaled. */
    adminOperationId?: AdminOperationId;
    /** The proxy's route (proxy mode): it forwards every platform request, journaled and faulted. */
    proxied?: true;
  }
}
