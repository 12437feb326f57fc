import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { agentKeyOf } from '../lookup-caches.js';
import { type AgentRow, agentOf, newAgentRow } from '../rows.js';
import type { AgentsRepo, StoredAgent } from '../store.js';
import type { IdWrites } from './id-sequences.js';
import type { PgDb } from './pg-db.js';
import { agents } from './schema.js';

const stored = (row: AgentRow): StoredAgent => ({ accountId: row.accountId, agent: agentOf(row) });

export function createAgentsRepo(db: PgDb, ids: IdWrites): AgentsRepo {
  // The lookups of GET agent (a miss of the cache above) are prepared once per connection.
  const byId = db
    .select()
    .from(agents)
    .where(eq(agents.id, sql.placeholder('id')))
    .prepare('agent_by_id');
  const byRef = db
    .select()
    .from(agents)
    .where(eq(agents.agentReferenceId, sql.placeholder('ref')))
    .prepare('agent_by_reference_id');

  return {
    async create(accountId, input, extra) {
      const { id, ...row } = newAgentRow(accountId, input, extra);
      if (id !== null) {
        await db.insert(agents).values({ ...row, id });
        await ids.explicit('agents');
        return agentOf({ ...row, id });
      }
      const [inserted] = await ids.numbered('agents', () =>
        db.insert(agents).values(row).returning({ id: agents.id }),
      );
      if (!inserted) throw new Error('inserting an agent returned no row');
      return agentOf({ ...row, id: inserted.id });
    },
    async find(lookup) {
      const { key, id } = agentKeyOf(lookup);
      const [row] = id === undefined ? await byRef.execute({ ref: key }) : await byId.execute({ id });
      return row && stored(row);
    },
    async findMany(requested) {
      if (requested.length === 0) return [];
      return (await db.select().from(agents).where(inArray(agents.id, requested))).map(stored);
    },
    async listAll() {
      return (await db.select().from(agents).orderBy(agents.id)).map(stored);
    },
    async count() {
      return (await db.select({ n: count() }).from(agents))[0]?.n ?? 0;
    },
    async deleteAll() {
      await db.delete(agents);
      await ids.emptied('agents');
    },
    async existsByName(accountId, name) {
      const rows = await db
        .select({ id: agents.id })
        .from(agents)
        .where(and(eq(agents.accountId, accountId), eq(agents.name, name)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
