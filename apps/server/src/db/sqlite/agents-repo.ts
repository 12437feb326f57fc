import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { agentKeyOf } from '../lookup-caches.js';
import { type AgentRow, agentOf, newAgentRow } from '../rows.js';
import type { AgentsRepo, StoredAgent } from '../store.js';
import type { Db } from './open-sqlite.js';
import { agents } from './schema.js';
import type { Sync } from './sync.js';

const stored = (row: AgentRow): StoredAgent => ({ accountId: row.accountId, agent: agentOf(row) });

export function createAgentsRepo(db: Db): Sync<AgentsRepo> {
  const byId = db
    .select()
    .from(agents)
    .where(eq(agents.id, sql.placeholder('id')))
    .prepare();
  const byRef = db
    .select()
    .from(agents)
    .where(eq(agents.agentReferenceId, sql.placeholder('ref')))
    .prepare();

  // Creating agents is the write-heavy path: its statement is prepared once, with placeholders.
  const column = (name: keyof typeof agents.$inferInsert) => sql.placeholder(name);
  const insert = db
    .insert(agents)
    .values({
      id: column('id'),
      agentReferenceId: column('agentReferenceId'),
      accountId: column('accountId'),
      name: column('name'),
      description: column('description'),
      instruction: column('instruction'),
      status: column('status'),
      intents: column('intents'),
      knowledgeBaseId: column('knowledgeBaseId'),
      tools: column('tools'),
      createdAt: column('createdAt'),
      updatedAt: column('updatedAt'),
    })
    .prepare();

  return {
    create(accountId, input, extra) {
      const row = newAgentRow(accountId, input, extra);
      const { lastInsertRowid } = insert.run(row);
      return agentOf({ ...row, id: Number(lastInsertRowid) });
    },
    find(lookup) {
      const { key, id } = agentKeyOf(lookup);
      const row = id === undefined ? byRef.get({ ref: key }) : byId.get({ id });
      return row && stored(row);
    },
    findMany(ids) {
      if (ids.length === 0) return [];
      return db.select().from(agents).where(inArray(agents.id, ids)).all().map(stored);
    },
    listAll() {
      return db.select().from(agents).orderBy(agents.id).all().map(stored);
    },
    count() {
      return db.select({ n: count() }).from(agents).get()?.n ?? 0;
    },
    deleteAll() {
      db.delete(agents).run();
    },
    existsByName(accountId, name) {
      const row = db
        .select({ id: agents.id })
        .from(agents)
        .where(and(eq(agents.accountId, accountId), eq(agents.name, name)))
        .get();
      return row !== undefined;
    },
  };
}
