import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/** The pool's database or a transaction on it: what the repositories run their queries on. */
export type PgDb = PgDatabase<NodePgQueryResultHKT, typeof schema>;
