import { type CreateAgentBody, DECLARED_DEFAULTS, type Tool } from '@assistant-platform/types';
import type { NewAgent } from '../db/store.js';

const DEFAULTS = DECLARED_DEFAULTS.CreateAgentBody;

/**
 * A validated create-agent body (its `tools` string already expanded) with the contract's declared
 * defaults: what the agents repository stores, whether the body came from a request or a seed.
 *
 * Built field by field: spreading the defaults and the body and taking the rest apart again went
 * through V8's generic property copy, a visible row of every create in bench/request-profile.mjs.
 * `NewAgent` requires every field of the body, so a field the contract adds is a type error here
 * until it is copied.
 */
export function newAgentOf(body: CreateAgentBody): NewAgent {
  // The defaults' arrays are copied, so no two agents share one.
  const agent: NewAgent = {
    name: body.name,
    description: body.description ?? DEFAULTS.description,
    instruction: body.instruction,
    intents: [...(body.intents ?? DEFAULTS.intents)],
    tools: [...((body.tools ?? DEFAULTS.tools) as Tool[])],
  };
  if (body.knowledgeBaseId !== undefined) agent.knowledgeBaseId = body.knowledgeBaseId;
  return agent;
}
