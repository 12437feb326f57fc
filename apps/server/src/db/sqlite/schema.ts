/**
 * The reference server's tables. drizzle-kit reads this file to generate the SQL migrations in
 * ../drizzle; keep it free of relative imports so the generator can load it on its own.
 * Timestamps are ISO 8601 strings with milliseconds, exactly as the API returns them.
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const accounts = sqliteTable('accounts', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: integer('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** JSON array of scope strings. */
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    createdAt: text('created_at').notNull().default(now),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('api_tokens_account_idx').on(t.accountId)],
);

export const workspaces = sqliteTable(
  'workspaces',
  {
    id: integer('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('workspaces_account_idx').on(t.accountId)],
);

export const transcriptions = sqliteTable(
  'transcriptions',
  {
    id: integer('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    fileName: text('file_name').notNull(),
    fileUrl: text('file_url').notNull(),
    fileType: text('file_type').notNull(),
    duration: real('duration').notNull(),
    status: text('status').notNull(),
    /** JSON `{ filename, transcript }`. */
    transcript: text('transcript', { mode: 'json' })
      .$type<{ filename: string; transcript: string }>()
      .notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('transcriptions_workspace_idx').on(t.workspaceId)],
);

export const agents = sqliteTable(
  'agents',
  {
    id: integer('id').primaryKey(),
    agentReferenceId: text('agent_reference_id').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    instruction: text('instruction').notNull(),
    status: text('status').notNull(),
    intents: text('intents', { mode: 'json' }).$type<string[]>().notNull(),
    knowledgeBaseId: integer('knowledge_base_id'),
    /** JSON array of Tool objects, as validated against the contract. */
    tools: text('tools', { mode: 'json' }).$type<unknown[]>().notNull(),
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
 * proves the database still accepts writes (a rolled-back one never leaves the page cache).
 */
export const healthProbe = sqliteTable('health_probe', {
  id: integer('id').primaryKey(),
  checkedAt: text('checked_at').notNull(),
});

/**
 * The first answer of each `Idempotency-Key`, per account (see "Idempotent requests" in the
 * contract). A create inserts its key's row (`status` null) in the transaction that creates the
 * agent and sets the answer before that transaction commits, so a committed row always has its
 * answer (one without, left by an earlier version, counts as absent); a chat stores its row with
 * the answer in one insert. Ids only grow (AUTOINCREMENT): an account's oldest rows are its lowest.
 * Kept in the database rather than in memory so that servers sharing it honour each other's keys.
 * Times are milliseconds since the epoch: they are only compared, never shown.
 */
export const idempotencyRecords = sqliteTable(
  'idempotency_records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    key: text('key').notNull(),
    /** SHA-256 hex of the method, the path and the canonical JSON of the body. */
    requestHash: text('request_hash').notNull(),
    createdAt: integer('created_at').notNull(),
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
