import type { Agent, GetAgentResponse } from '@assistant-platform/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/api-error.js';
import { accountOf } from '../pipeline/auth.js';
import { timed } from '../pipeline/server-timing.js';
import type { OperationDeps } from './operation-deps.js';

export function getAgentHandler({ repos }: OperationDeps) {
  // Stored agents are immutable and cached by the repository, so their envelope is serialised once.
  const serialised = new WeakMap<Agent, string>();
  const envelopeOf = (agent: Agent): string => {
    let json = serialised.get(agent);
    if (json === undefined) {
      const response: GetAgentResponse = {
        success: true,
        message: 'Agents retrieved successfully',
        data: agent,
      };
      json = JSON.stringify(response);
      serialised.set(agent, json);
    }
    return json;
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const found = await timed(request, 'db', () => repos.agents.find(id));
    if (!found) throw new ApiError(404);
    if (found.accountId !== accountOf(request)) throw new ApiError(403);
    return reply.type('application/json; charset=utf-8').send(envelopeOf(found.agent));
  };
}
