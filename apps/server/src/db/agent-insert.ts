import type { Db } from './open-database.js';
import { agents } from './schema.js';

/** One agent row as bound to the insert: JSON columns already serialised. */
export interface AgentInsertRow {
  id: number | null;
  agentReferenceId: string;
  accountId: number;
  name: string;
  description: string;
  instruction: string;
  status: string;
  intents: string;
  knowledgeBaseId: number | null;
  tools: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Creating agents is the write-heavy path; Drizzle's query builder rebuilds and re-prepares the SQL
 * of every non-prepared insert, which cost more than the write itself. This is one statement
 * prepared once, its column names taken from the Drizzle schema so the two cannot drift apart.
 * Returns the new row id.
 */
export function prepareAgentInsert(db: Db): (row: AgentInsertRow) => number {
  const columns: (keyof AgentInsertRow)[] = [
    'id',
    'agentReferenceId',
    'accountId',
    'name',
    'description',
    'instruction',
    'status',
    'intents',
    'knowledgeBaseId',
    'tools',
    'createdAt',
    'updatedAt',
  ];
  const names = columns.map((key) => `"${agents[key].name}"`).join(', ');
  const values = columns.map((key) => `@${key}`).join(', ');
  const statement = db.$client.prepare(`INSERT INTO "agents" (${names}) VALUES (${values})`);
  return (row) => Number(statement.run(row).lastInsertRowid);
}
