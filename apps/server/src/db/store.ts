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
  /** Inserts the transcription unless one with its id exists. */
  ensure(input: NewTranscription): Promise<void>;
  /** Replaces the transcript content and bumps updatedAt; every other field is kept. */
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

export interface ClaimRequest {
  accountId: number;
  key: string;
  requestHash: string;
  /** Now, in milliseconds since the epoch. */
  now: number;
  /** Rows created at or before this are gone (past their retention). */
  expiredBefore: number;
  /** Rows still in flight created at or before this are abandoned (their server stopped). */
  abandonedBefore: number;
}

export type ClaimOutcome =
  /** The key is this request's: complete or release it with `claim` (its row's id). */
  | { outcome: 'claimed'; claim: number }
  | { outcome: 'replay'; answer: StoredAnswer }
  | { outcome: 'in-flight' }
  /** The key was first sent with another request. */
  | { outcome: 'reused' };

/**
 * The stored answers of `Idempotency-Key`s. Storage only: what a key may do (how long it lives, how
 * many are kept) is decided by pipeline/idempotency.ts and passed in as times and counts. A claim
 * is an insert that the unique index of (account, key) arbitrates, so of two servers sharing the
 * database only one takes a key; a claim is its row's id, which is never given again.
 */
export interface IdempotencyRepo {
  /** Takes a key for a request, or says why not; an expired or abandoned row is replaced. */
  claim(request: ClaimRequest): Promise<ClaimOutcome>;
  /** Stores the answer of a claimed key (a claim already replaced by another is left alone). */
  complete(claim: number, answer: StoredAnswer): Promise<void>;
  /** Frees a claimed key whose request produced no answer to keep. */
  release(claim: number): Promise<void>;
  /** Forgets expired rows, then the oldest beyond `keep`. */
  trim(expiredBefore: number, keep: number): Promise<void>;
  deleteAll(): Promise<void>;
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
}

/** Why the database refused a row, in words the same for both stores. */
export type ConstraintKind = 'foreign-key' | 'primary-key' | 'unique';

/** An open database of either dialect, with its repositories. */
export interface Store {
  dialect: 'sqlite' | 'postgres';
  repos: Repositories;
  /** Why the database cannot keep writes now, or undefined when it can (what /healthz answers). */
  problem(): Promise<string | undefined>;
  /** The constraint a write broke, when `error` (or one of its causes) is a constraint violation. */
  constraintOf(error: unknown): ConstraintKind | undefined;
  close(): Promise<void>;
}
