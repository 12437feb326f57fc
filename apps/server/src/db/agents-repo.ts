import { randomUUID } from 'node:crypto';
import type { Agent, AgentSummary, CreateAgentBody, Tool } from '@assistant-platform/types';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { agents } from './schema.js';
import { nowIso } from './time.js';

type AgentRow = typeof agents.$inferSelect;

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

/** The first eight fields, as createAgent returns them. */
export function toSummary(agent: Agent): AgentSummary {
  const { id, agentReferenceId, name, description, instruction, status, createdAt, updatedAt } = agent;
  return { id, agentReferenceId, name, description, instruction, status, createdAt, updatedAt };
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

  return {
    create(
      accountId: number,
      input: NewAgent,
      extra: { id?: number; agentReferenceId?: string; createdAt?: string; updatedAt?: string } = {},
    ): Agent {
      const createdAt = extra.createdAt ?? nowIso();
      const row = db
        .insert(agents)
        .values({
          id: extra.id,
          agentReferenceId: (extra.agentReferenceId ?? randomUUID()).toLowerCase(),
          accountId,
          name: input.name,
          description: input.description,
          instruction: input.instruction,
          status: 'ACTIVE',
          intents: input.intents,
          knowledgeBaseId: input.knowledgeBaseId ?? null,
          tools: input.tools,
          createdAt,
          updatedAt: extra.updatedAt ?? createdAt,
        })
        .returning()
        .get();
      return toAgent(row);
    },
    /** Looks an agent up by numeric id or by agentReferenceId (case-insensitive). */
    find(lookup: string | number): StoredAgent | undefined {
      const row =
        typeof lookup === 'number' || /^[0-9]+$/.test(lookup)
          ? byId.get({ id: Number(lookup) })
          : byRef.get({ ref: lookup.toLowerCase() });
      return row ? { accountId: row.accountId, agent: toAgent(row) } : undefined;
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
