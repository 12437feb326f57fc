/**
 * The reference server's tables on PostgreSQL: the SQLite schema's tables and columns, in
 * PostgreSQL's types where they keep every value the API accepts exactly as given. drizzle-kit
 * reads this file to generate the SQL migrations in drizzle/postgres; keep it free of relative
 * imports so the generator can load it on its own.
 *
 * - Ids are `bigint` (the contract's ids go up to 2^53 - 1), numbered by identity sequences that the
 *   store moves after writes with explicit ids, so the next id is the highest plus one as in SQLite.
 * - Timestamps are `text`, the API's ISO strings with milliseconds as given: the contract's
 *   date-time accepts values `timestamptz` would change or refuse (a leap second, 23:59:60, or year
 *   0000), and no query compares them.
 * - JSON columns are `json`, not `jsonb`: `json` keeps the text as stored, so an agent's tools come
 *   back with their keys in the order they were sent, as on SQLite (`jsonb` reorders them).
 * - `duration` is `double precision`, SQLite's 8-byte REAL (`real` would round it).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  json,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const now = sql`(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const reference = (name: string) => bigint(name, { mode: 'number' });

export const accounts = pgTable('accounts', {
  id: id(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    accountId: reference('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** JSON array of scope strings. */
    scopes: json('scopes').$type<string[]>().notNull(),
    createdAt: text('created_at').notNull().default(now),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('api_tokens_account_idx').on(t.accountId)],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    accountId: reference('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('workspaces_account_idx').on(t.accountId)],
);

export const transcriptions = pgTable(
  'transcriptions',
  {
    id: id(),
    workspaceId: reference('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    fileName: text('file_name').notNull(),
    fileUrl: text('file_url').notNull(),
    fileType: text('file_type').notNull(),
    duration: doublePrecision('duration').notNull(),
    status: text('status').notNull(),
    /** JSON `{ filename, transcript }`. */
    transcript: json('transcript').$type<{ filename: string; transcript: string }>().notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('transcriptions_workspace_idx').on(t.workspaceId)],
);

export const agents = pgTable(
  'agents',
  {
    id: id(),
    /** `text`, not `uuid`: the contract's uuid format also takes `urn:uuid:…`, which SQLite keeps. */
    agentReferenceId: text('agent_reference_id').notNull().unique(),
    accountId: reference('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    instruction: text('instruction').notNull(),
    status: text('status').notNull(),
    intents: json('intents').$type<string[]>().notNull(),
    knowledgeBaseId: reference('knowledge_base_id'),
    /** JSON array of Tool objects, as validated against the contract. */
    tools: json('tools').$type<unknown[]>().notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    index('agents_account_idx').on(t.accountId),
    index('agents_account_name_idx').on(t.accountId, t.name),
  ],
);

/**
 * One row that /healthz rewrites (at most once a second): a committed write is the only probe that
 * proves the database still accepts writes.
 */
export const healthProbe = pgTable('health_probe', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  checkedAt: text('checked_at').notNull(),
});

/**
 * The first answer of each `Idempotency-Key`, per account (see the SQLite schema for the life of a
 * row). Its ids come from an identity sequence the store never moves back, so, as SQLite's
 * AUTOINCREMENT, an account's oldest rows are its lowest. Times are milliseconds since the epoch,
 * only ever compared.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: reference('account_id')
      .notNull()
      .references(() => accounts.id),
    key: text('key').notNull(),
    /** SHA-256 hex of the method, the path and the canonical JSON of the body. */
    requestHash: text('request_hash').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** The answer's status; null while its request is in flight. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
  },
  (t) => [
    uniqueIndex('idempotency_records_account_key_idx').on(t.accountId, t.key),
    index('idempotency_records_created_idx').on(t.createdAt),
    // An account's keys by age: trimming one account to its cap walks only its own.
    index('idempotency_records_account_id_idx').on(t.accountId, t.id),
  ],
);
