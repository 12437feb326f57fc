import type { CreateAgentBody, CreateAgentResponse, Tool } from '@assistant-platform/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountOf } from '../auth/auth-hooks.js';
import { type NewAgent, toSummary } from '../db/agents-repo.js';
import { declaredDefaults } from '../validation/contract-schemas.js';
import type { RouteDeps } from './route-deps.js';

const DEFAULTS = declaredDefaults('CreateAgentBody');

/** A validated create-agent body (its `tools` string already expanded) with the contract's defaults. */
export function normaliseAgentBody(body: CreateAgentBody): NewAgent {
  const withDefaults = { ...structuredClone(DEFAULTS), ...body } as Required<
    Omit<CreateAgentBody, 'knowledgeBaseId'>
  > &
    Pick<CreateAgentBody, 'knowledgeBaseId'>;
  const { knowledgeBaseId, tools, ...rest } = withDefaults;
  return { ...rest, tools: tools as Tool[], ...(knowledgeBaseId === undefined ? {} : { knowledgeBaseId }) };
}

export function createAgentHandler({ repos }: RouteDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const input = normaliseAgentBody(request.body as CreateAgentBody);
    const agent = repos.agents.create(accountOf(request), input);
    const response: CreateAgentResponse = {
      success: true,
      message: 'Agent created successfully',
      data: toSummary(agent),
    };
    return reply.code(201).send(response);
  };
}
