import { type CreateAgentBody, DECLARED_DEFAULTS, type Tool } from '@assistant-platform/types';
import type { NewAgent } from '../db/store.js';

/**
 * A validated create-agent body (its `tools` string already expanded) with the contract's declared
 * defaults: what the agents repository stores, whether the body came from a request or a seed.
 */
export function newAgentOf(body: CreateAgentBody): NewAgent {
  // The defaults' arrays (intents, tools) are copied below, so no two agents share one; a deep
  // clone of the defaults (structuredClone) was one of the largest costs of a create.
  const withDefaults = { ...DECLARED_DEFAULTS.CreateAgentBody, ...body };
  const { knowledgeBaseId, tools, intents, ...rest } = withDefaults;
  return {
    ...rest,
    intents: [...intents],
    tools: [...tools] as Tool[],
    ...(knowledgeBaseId === undefined ? {} : { knowledgeBaseId }),
  };
}
