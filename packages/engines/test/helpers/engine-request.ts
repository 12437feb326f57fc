/**
 * A chat request as engines receive it: a fixed inline agent and message, with every sampling field at
 * the contract's declared default (read from the contract, as the server's route applies them).
 */
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import type { ChatEngineRequest } from '../../src/types.js';

type Schema = { default?: unknown; $ref?: string; properties?: Record<string, Schema> };

const schemas = openapiDocument.components.schemas as Record<string, Schema>;

/** The defaults the contract declares for ChatRequestBody's fields, directly or on a referenced schema. */
function declaredDefaults(): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schemas.ChatRequestBody?.properties ?? {})) {
    const value =
      property.default ?? schemas[property.$ref?.replace('#/components/schemas/', '') ?? '']?.default;
    if (value !== undefined && name !== 'stream') defaults[name] = value;
  }
  return defaults;
}

const contractDefaults = declaredDefaults();

export function engineRequest(
  overrides: Partial<ChatEngineRequest> = {},
  text = 'Where is my parcel?',
): ChatEngineRequest {
  return {
    ...(contractDefaults as Pick<
      ChatEngineRequest,
      'model' | 'temperature' | 'top_p' | 'max_tokens' | 'frequency_penalty' | 'presence_penalty' | 'seed'
    >),
    name: 'Support triage',
    description: 'Answers first-line support questions.',
    instruction: 'Answer politely.',
    intents: ['refund', 'delivery status'],
    message: { role: 'user', content: [{ type: 'text', text }] },
    memoryChat: [],
    handoffAgents: [],
    ...overrides,
  };
}
