/**
 * The one repository interface both stores implement (SQLite in ./sqlite, PostgreSQL in
 * ./postgres): everything above db/ reads and writes through it and never learns which store it
 * has. Every method returns a promise, because PostgreSQL answers over the network; SQLite's
 * repositories run synchronously underneath and hand back settled promises. The records are the
 * API's shapes, so both stores answer byte for byte alike: timestamps are the ISO strings the API
 * returns, JSON columns come back with their keys in the order they were stored, ids are numbers.
 */
import type {
  Agent,
  CreateAgentBody,
  Tool,
  TranscriptContent,
  Transcription,
} from '@assistant-platform/types';
import type { StorageFault } from './storage-error.js';

export interface AccountRecord {
  id: number;
  name: string;
  createdAt: string;
}

export interface WorkspaceRecord {
  id: number;
  accountId: number;
  name: string;
  createdAt: string;
}

/** A token as stored: its hash, never the token. */
export interface StoredToken {
  id: number;
  accountId: number;
  name: string;
  /** SHA-256 of the token, hex. */
  tokenHash: string;
  scopes: string[];
  createdAt: string;
  revokedAt: string | null;
}

/** A token as listed (the CLI, the admin API): everything but its hash. */
export type TokenRecord = Omit<StoredToken, 'tokenHash'>;

/** What authentication needs of an active token. */
export type ActiveToken = Pick<StoredToken, 'id' | 'accountId' | 'name' | 'scopes'>;

/** A token to store: the hash and owner, and what a seed or an export may fix (id, timestamps). */
export type NewToken = Pick<StoredToken, 'tokenHash' | 'accountId' | 'name' | 'scopes'> &
  Partial<Pick<StoredToken, 'id' | 'createdAt' | 'revokedAt'>>;

/** A create-agent body after its defaults are applied and `tools` is parsed. */
export type NewAgent = Required<Omit<CreateAgentBody, 'tools' | 'knowledgeBaseId'>> & {
  tools: Tool[];
  knowledgeBaseId?: number;
};

/** What a seed or a state import may fix of an agent beyond its body. */
export interface AgentExtra {
  id?: number;
  agentReferenceId?: string;
  createdAt?: string;
  updatedAt?: string;
}

export interface StoredAgent {
  accountId: number;
  agent: Agent;
}

/** A stored transcription: its API fields and its workspace. */
export type TranscriptionRecord = Transcription & { workspaceId: number };

export interface NewTranscription {
  id: number;
  workspaceId: number;
  fileName: string;
  fileUrl: string;
  fileType: string;
  duration: number;
  status: Transcription['status'];
  transcript: TranscriptContent;
  createdAt?: string;
  updatedAt?: string;
}

/** Accounts own tokens, workspaces and agents; the API never shows them, seeds and the CLI make them. */
export interface AccountsRepo {
  listAll(): Promise<AccountRecord[]>;
  count(): Promise<number>;
  /** Inserts one account; a duplicate id throws (a state import reports it). */
  insert(row: AccountRecord): Promise<void>;
  /** Deletes every account: their tokens, workspaces and agents must be deleted first. */
  deleteAll(): Promise<void>;
  exists(id: number): Promise<boolean>;
  /** The account with this id, inserted when absent; without an id, a new account. Returns the id. */
  ensure(input: { id?: number; name: string; createdAt?: string }): Promise<number>;
  /** The default account: the one with the lowest id, created as "Default" when none exists. */
  defaultId(): Promise<number>;
}

export interface TokensRepo {
  /** The active token with this hash, or undefined when unknown or revoked. */
  findActiveByHash(hash: string): Promise<ActiveToken | undefined>;
  /** Inserts the token unless a token with the same hash exists; returns its id (a taken id throws). */
  ensure(input: NewToken): Promise<number>;
  /** Inserts one token; a duplicate id or hash, or an unknown account, throws. */
  insert(row: NewToken): Promise<void>;
  /** Every token with its hash, revoked ones included (a state export). */
  listAll(): Promise<StoredToken[]>;
  deleteAll(): Promise<void>;
  count(): Promise<number>;
  list(): Promise<TokenRecord[]>;
  /** Marks a token revoked; false when no active token has this id. */
  revoke(id: number): Promise<boolean>;
  /** Gives the token with this hash these scopes (the dev token follows its configuration). */
  setScopes(hash: string, scopes: string[]): Promise<void>;
}

/** Workspaces group an account's transcriptions. */
export interface WorkspacesRepo {
  listAll(): Promise<WorkspaceRecord[]>;
  count(): Promise<number>;
  /** Inserts one workspace; a duplicate id or an unknown account throws. */
  insert(row: WorkspaceRecord): Promise<void>;
  /** Deletes every workspace: their transcriptions must be deleted first. */
  deleteAll(): Promise<void>;
  find(id: number): Promise<WorkspaceRecord | undefined>;
  /** The workspace with this id, inserted when absent; without an id, a new one. Returns the id. */
  ensure(input: { id?: number; accountId: number; name: string; createdAt?: string }): Promise<number>;
}

export interface TranscriptionsRepo {
  listAll(): Promise<TranscriptionRecord[]>;
  count(): Promise<number>;
  /** Inserts one transcription; a duplicate id or an unknown workspace throws. */
  insert(row: TranscriptionRecord): Promise<void>;
  deleteAll(): Promise<void>;
  find(id: number): Promise<{ workspaceId: number; transcription: Transcription } | undefined>;
  /** The workspace of a transcription, without reading its transcript (which may be large). */
  workspaceOf(id: number): Promise<number | undefined>;
  /** Inserts the transcription unless one with its id exists. */
  ensure(input: NewTranscription): Promise<void>;
  /**
   * Replaces the transcript content and bumps updatedAt; every other field is kept. The answer
   * carries the transcript given, not one read back.
   */
  replaceTranscript(id: number, transcript: TranscriptContent): Promise<Transcription>;
}

export interface AgentsRepo {
  create(accountId: number, input: NewAgent, extra?: AgentExtra): Promise<Agent>;
  /** Looks an agent up by numeric id or by agentReferenceId (case-insensitive). */
  find(lookup: string | number): Promise<StoredAgent | undefined>;
  findMany(ids: number[]): Promise<StoredAgent[]>;
  /** Every agent with its owner, by id (a state export). */
  listAll(): Promise<StoredAgent[]>;
  count(): Promise<number>;
  deleteAll(): Promise<void>;
  existsByName(accountId: number, name: string): Promise<boolean>;
}

/** The stored first answer of an `Idempotency-Key`. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** A key's record: what it was first sent with, and the answer stored for it. */
export interface KeyRecord {
  requestHash: string;
  answer: StoredAnswer;
}

export interface KeyRequest {
  accountId: number;
  key: string;
  requestHash: string;
  /** Now, in milliseconds since the epoch. */
  now: number;
  /** Rows created at or before this are past their retention: absent for every purpose. */
  expiredBefore: number;
}

export type ClaimOutcome =
  /** The key is this transaction's: complete it before commit, or roll back. */
  | { outcome: 'claimed' }
  /** The key has a live record: this request answers it (replay), or is another request (400). */
  | { outcome: 'found'; record: KeyRecord }
  /** Another transaction held the key longer than the store waits for it. */
  | { outcome: 'held' };

/**
 * The stored answers of `Idempotency-Key`s. Storage only: what a key may do (how long it lives, how
 * many are kept) is decided by pipeline/idempotency.ts and passed in as times and counts. A key is
 * taken by an insert that the unique index of (account, key) arbitrates, inside the transaction of
 * the request that holds it: a row is only ever committed with its answer, so a key is never left
 * claimed by a process or transaction that is gone. A row without an answer (left by an earlier
 * version) counts as absent.
 */
export interface IdempotencyRepo {
  /** The key's live record; undefined when it has none (never stored, expired or unanswered). */
  find(accountId: number, key: string, expiredBefore: number): Promise<KeyRecord | undefined>;
  /**
   * In a request transaction: takes the key for it, waiting while another transaction holds it
   * (the first commits: its record is found; it rolls back: the key is taken), or finds its record.
   */
  claim(request: KeyRequest): Promise<ClaimOutcome>;
  /** In the transaction that claimed the key: its answer, committed with the work it answers. */
  complete(accountId: number, key: string, answer: StoredAnswer): Promise<void>;
  /**
   * Stores the answer of a key no transaction holds; a live record already there (a request with
   * the same key answered first) is kept and returned instead.
   */
  store(request: KeyRequest, answer: StoredAnswer): Promise<KeyRecord | undefined>;
  /** Forgets every account's expired rows, then `accountId`'s oldest beyond `keep` (never another's). */
  trim(accountId: number, expiredBefore: number, keep: number): Promise<void>;
  deleteAll(): Promise<void>;
}

/** A key held while its request runs outside a transaction (see Store.holdKey). */
export interface KeyHold {
  release(): Promise<void>;
}

/**
 * One account's rows across the tables: what its own admin replaces (a state import or reset of
 * one account, see the admin API's "Two kinds of administration"), leaving other accounts' alone.
 */
export interface AccountDataRepo {
  /**
   * Deletes what the account owns: its stored answers, agents, its workspaces' transcriptions, its
   * workspaces and its tokens but those of `keepTokens`. The account itself stays.
   */
  deleteOwned(accountId: number, keepTokens: readonly number[]): Promise<void>;
  /** Sets an existing account's name and, when given, its creation time. */
  update(account: { id: number; name: string; createdAt?: string }): Promise<void>;
}

/** One repository per table, and transactions over them. */
export interface Repositories {
  accounts: AccountsRepo;
  accountData: AccountDataRepo;
  tokens: TokensRepo;
  workspaces: WorkspacesRepo;
  transcriptions: TranscriptionsRepo;
  agents: AgentsRepo;
  idempotency: IdempotencyRepo;
  /**
   * Runs `fn` in one transaction: the repositories it is given take part in it, everything they
   * wrote is kept together or not at all, and nobody else's writes land in between. Transactions of
   * other processes or instances on the same database wait for each other. Called on a
   * transaction's repositories, runs `fn` in that transaction.
   */
  transaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction for one request's write and its `Idempotency-Key` answer: kept
   * together or not at all, like `transaction`, but waiting for other transactions only where both
   * write the same rows (PostgreSQL takes no lock of its own for it; SQLite's single writer still
   * serialises it, as a savepoint of the turn's group commit). Called on a transaction's
   * repositories, runs `fn` in that transaction.
   */
  requestTransaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T>;
}

/** Why the database refused a row, in words the same for both stores. */
export type ConstraintKind = 'foreign-key' | 'primary-key' | 'unique';

/** An open database of either dialect, with its repositories. */
export interface Store {
  dialect: 'sqlite' | 'postgres';
  repos: Repositories;
  /**
   * Why the database cannot serve requests now, or undefined when it can (what /healthz answers):
   * its probe (a committed write, a read of each table) failed, or a request met a fault since.
   */
  problem(): Promise<StorageFault | undefined>;
  /**
   * Holds an `Idempotency-Key` of an account while a request that writes nothing (a chat) computes
   * its answer, so a duplicate sent meanwhile is told it is in flight; undefined when it is held
   * already. Only this process (and, on PostgreSQL, a session of this process) holds it: a stopped
   * process holds nothing.
   */
  holdKey(accountId: number, key: string): Promise<KeyHold | undefined>;
  /** The constraint a write broke, when `error` (or one of its causes) is a constraint violation. */
  constraintOf(error: unknown): ConstraintKind | undefined;
  close(): Promise<void>;
}
