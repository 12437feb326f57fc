import type { ChatEngineRequest, HandoffAgent } from '@assistant-platform/engines/types';
import {
  type ChatRequestBody,
  DECLARED_DEFAULTS,
  type HistoryMessage,
  type Reasoning,
} from '@assistant-platform/types';
import { ApiError } from '../contract/api-error.js';
import type { AgentsRepo } from '../db/store.js';

const DEFAULTS = DECLARED_DEFAULTS.ChatRequestBody;

/** Looks up `agents`: every id must be an agent of the caller's account (404 unknown, 403 foreign). */
async function handoffAgents(
  agents: AgentsRepo,
  ids: readonly number[],
  accountId: number,
): Promise<HandoffAgent[]> {
  if (ids.length === 0) return [];
  const found = new Map((await agents.findMany([...ids])).map((stored) => [stored.agent.id, stored]));
  if (ids.some((id) => !found.has(id))) throw new ApiError(404);
  return ids.map((id) => {
    const stored = found.get(id);
    if (!stored) throw new ApiError(404);
    if (stored.accountId !== accountId) throw new ApiError(403);
    const { agentReferenceId, name, description, instruction, intents } = stored.agent;
    return { id, agentReferenceId, name, description, instruction, intents };
  });
}

/**
 * Turns a validated chat body (model checked, JSON-string forms already expanded by the contract
 * validator) into the engine's request: every declared default applied, hand-off agents looked up.
 */
export async function normalizeChatBody(
  agents: AgentsRepo,
  body: ChatRequestBody,
  accountId: number,
): Promise<{ request: ChatEngineRequest; stream: boolean }> {
  const model = body.model ?? DEFAULTS.model;
  const memoryChat = (body.memoryChat ?? []) as HistoryMessage[];
  const reasoning = body.reasoning as Reasoning | undefined;
  const request: ChatEngineRequest = {
    model,
    name: body.name,
    description: body.description,
    instruction: body.instruction,
    intents: body.intents,
    message: body.message,
    memoryChat,
    handoffAgents: await handoffAgents(agents, body.agents ?? [], accountId),
    temperature: body.temperature ?? DEFAULTS.temperature,
    top_p: body.top_p ?? DEFAULTS.top_p,
    max_tokens: body.max_tokens ?? DEFAULTS.max_tokens,
    frequency_penalty: body.frequency_penalty ?? DEFAULTS.frequency_penalty,
    presence_penalty: body.presence_penalty ?? DEFAULTS.presence_penalty,
    seed: body.seed ?? DEFAULTS.seed,
    ...(reasoning === undefined ? {} : { reasoning: { effort: reasoning.effort } }),
    ...(body.response_format === undefined ? {} : { response_format: body.response_format }),
  };
  return { request, stream: body.stream ?? DEFAULTS.stream };
}
