import type { Agent, AgentSummary, CreateAgentBody, CreateAgentResponse } from '@assistant-platform/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newAgentOf } from '../contract/new-agent.js';
import { accountOf } from '../pipeline/auth.js';
import { writeReposOf } from '../pipeline/idempotency.js';
import { timed } from '../pipeline/server-timing.js';
import type { OperationDeps } from './operation-deps.js';

/** The first eight fields of an agent: what createAgent answers. */
function summaryOf(agent: Agent): AgentSummary {
  const { id, agentReferenceId, name, description, instruction, status, createdAt, updatedAt } = agent;
  return { id, agentReferenceId, name, description, instruction, status, createdAt, updatedAt };
}

export function createAgentHandler({ repos }: OperationDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const agent = await timed(request, 'db', () =>
      writeReposOf(request, repos).agents.create(
        accountOf(request),
        newAgentOf(request.body as CreateAgentBody),
      ),
    );
    const response: CreateAgentResponse = {
      success: true,
      message: 'Agent created successfully',
      data: summaryOf(agent),
    };
    return reply.code(201).send(response);
  };
}
