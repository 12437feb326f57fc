import type { GetAgentResponse } from '@assistant-platform/types';
import type { FastifyRequest } from 'fastify';
import { accountOf } from '../auth/auth-hooks.js';
import { ApiError } from '../http/api-error.js';
import type { RouteDeps } from './route-deps.js';

export function getAgentHandler({ repos }: RouteDeps) {
  return async (request: FastifyRequest): Promise<GetAgentResponse> => {
    const { id } = request.params as { id: string };
    const found = repos.agents.find(id);
    if (!found) throw new ApiError(404);
    if (found.accountId !== accountOf(request)) throw new ApiError(403);
    return { success: true, message: 'Agents retrieved successfully', data: found.agent };
  };
}
