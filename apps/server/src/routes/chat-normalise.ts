import type { ChatRequestBody, HistoryMessage, Reasoning } from '@assistant-platform/types';
import type { AgentsRepo } from '../db/agents-repo.js';
import type { ChatEngineRequest, HandoffAgent } from '../engines/types.js';
import { ApiError } from '../http/api-error.js';
import { declaredDefaults } from '../validation/contract-schemas.js';
import type { ContractValidator } from '../validation/contract-validator.js';
import { parseJsonStringField } from '../validation/json-string-field.js';

const DEFAULTS = declaredDefaults('ChatRequestBody') as {
  model: string;
  temperature: number;
  top_p: number;
  max_tokens: number;
  frequency_penalty: number;
  presence_penalty: number;
  seed: number;
  stream: boolean;
};

/** Looks up `agents`: every id must be an agent of the caller's account (404 unknown, 403 foreign). */
function handoffAgents(agents: AgentsRepo, ids: readonly number[], accountId: number): HandoffAgent[] {
  const found = new Map(agents.findMany([...ids]).map((stored) => [stored.agent.id, stored]));
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
 * Turns a schema-valid chat body into the engine's request: JSON-string forms parsed and checked,
 * every declared default applied, hand-off agents looked up. The model check (400 naming `/model`)
 * runs before the look-up so validation problems come before resource problems.
 */
export function normaliseChatBody(
  deps: { validator: ContractValidator; agents: AgentsRepo; models: readonly string[] },
  body: ChatRequestBody,
  accountId: number,
): { request: ChatEngineRequest; stream: boolean } {
  const model = body.model ?? DEFAULTS.model;
  if (!deps.models.includes(model)) {
    throw ApiError.badRequest('/model', `must be one of the known models: ${deps.models.join(', ')}`);
  }
  const memoryChat =
    body.memoryChat === undefined
      ? []
      : parseJsonStringField<HistoryMessage[]>(deps.validator, body.memoryChat, 'MemoryChat', '/memoryChat');
  const reasoning =
    body.reasoning === undefined
      ? undefined
      : parseJsonStringField<Reasoning>(deps.validator, body.reasoning, 'Reasoning', '/reasoning');
  const request: ChatEngineRequest = {
    model,
    name: body.name,
    description: body.description,
    instruction: body.instruction,
    intents: body.intents,
    message: body.message,
    memoryChat,
    handoffAgents: handoffAgents(deps.agents, body.agents ?? [], accountId),
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
