/**
 * A chat request as engines receive it: a fixed inline agent and message, with every sampling field at
 * the contract's declared default (read from the contract, as the route applies them).
 */
import type { ChatEngineRequest } from '../../src/engines/types.js';
import { declaredDefaults } from '../../src/validation/contract-schemas.js';

const { stream: _stream, ...contractDefaults } = declaredDefaults('ChatRequestBody');

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
