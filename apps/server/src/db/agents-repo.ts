import { randomUUID } from 'node:crypto';
import type { Agent, CreateAgentBody, Tool } from '@assistant-platform/types';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { watchForeignCommits } from './change-watch.js';
import type { Db } from './open-database.js';
import { agents } from './schema.js';
import { nowIso } from './time.js';

type AgentRow = typeof agents.$inferSelect;

const AGENT_CACHE_SIZE = 10_000;

/** A create-agent body after its defaults are applied and `tools` is parsed. */
export type NewAgent = Required<Omit<CreateAgentBody, 'tools' | 'knowledgeBaseId'>> & {
  tools: Tool[];
  knowledgeBaseId?: number;
};

export interface StoredAgent {
  accountId: number;
  agent: Agent;
}

function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    agentReferenceId: row.agentReferenceId,
    name: row.name,
    description: row.description,
    instruction: row.instruction,
    status: 'ACTIVE',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    intents: row.intents,
    knowledgeBaseId: row.knowledgeBaseId,
    tools: row.tools as Tool[],
  };
}

export function createAgentsRepo(db: Db) {
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

  // Agents never change once stored (the API has no update or delete, seeds only insert), so found
  // agents are cached for GET, bounded to the most recent lookups. Misses are never cached. Only a
  // state import replaces them: this process's clears the cache, another's (the CLI) is noticed as
  // a foreign commit, as the tokens' cache notices a revoke.
  const cache = new Map<string, StoredAgent>();
  const foreignCommit = watchForeignCommits(db);
  const remember = (key: string, stored: StoredAgent) => {
    if (cache.size >= AGENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, stored);
  };

  return {
    create(
      accountId: number,
      input: NewAgent,
      extra: { id?: number; agentReferenceId?: string; createdAt?: string; updatedAt?: string } = {},
    ): Agent {
      const createdAt = extra.createdAt ?? nowIso();
      const agentReferenceId = (extra.agentReferenceId ?? randomUUID()).toLowerCase();
      const updatedAt = extra.updatedAt ?? createdAt;
      const knowledgeBaseId = input.knowledgeBaseId ?? null;
      const { lastInsertRowid } = insert.run({
        id: extra.id ?? null,
        agentReferenceId,
        accountId,
        name: input.name,
        description: input.description,
        instruction: input.instruction,
        status: 'ACTIVE',
        intents: input.intents,
        knowledgeBaseId,
        tools: input.tools,
        createdAt,
        updatedAt,
      });
      const id = Number(lastInsertRowid);
      const { name, description, instruction, intents, tools } = input;
      return {
        id,
        agentReferenceId,
        name,
        description,
        instruction,
        status: 'ACTIVE',
        createdAt,
        updatedAt,
        intents,
        knowledgeBaseId,
        tools,
      };
    },
    /** Looks an agent up by numeric id or by agentReferenceId (case-insensitive). */
    find(lookup: string | number): StoredAgent | undefined {
      const numeric = typeof lookup === 'number' || /^[0-9]+$/.test(lookup);
      const key = numeric ? `#${Number(lookup)}` : String(lookup).toLowerCase();
      if (foreignCommit()) cache.clear();
      const cached = cache.get(key);
      if (cached) return cached;
      const row = numeric ? byId.get({ id: Number(lookup) }) : byRef.get({ ref: key });
      if (!row) return undefined;
      const stored = { accountId: row.accountId, agent: toAgent(row) };
      remember(key, stored);
      return stored;
    },
    findMany(ids: number[]): StoredAgent[] {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(agents)
        .where(inArray(agents.id, ids))
        .all()
        .map((row) => ({ accountId: row.accountId, agent: toAgent(row) }));
    },
    /** Every agent with its owner, by id (a state export). */
    listAll(): StoredAgent[] {
      return db
        .select()
        .from(agents)
        .orderBy(agents.id)
        .all()
        .map((row) => ({ accountId: row.accountId, agent: toAgent(row) }));
    },
    count(): number {
      return db.select({ n: count() }).from(agents).get()?.n ?? 0;
    },
    deleteAll(): void {
      db.delete(agents).run();
      cache.clear();
    },
    existsByName(accountId: number, name: string): boolean {
      const row = db
        .select({ id: agents.id })
        .from(agents)
        .where(and(eq(agents.accountId, accountId), eq(agents.name, name)))
        .get();
      return row !== undefined;
    },
  };
}

export type AgentsRepo = ReturnType<typeof createAgentsRepo>;
