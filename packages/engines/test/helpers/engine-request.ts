/**
 * A chat request as engines receive it: a fixed inline agent and message, with every sampling field at
 * the contract's declared default (read from the contract, as the server's route applies them).
 */
import { DECLARED_DEFAULTS } from '@assistant-platform/types';
import type { ChatEngineRequest } from '../../src/types.js';

const { stream: _stream, ...contractDefaults } = DECLARED_DEFAULTS.ChatRequestBody;

export function engineRequest(
  overrides: Partial<ChatEngineRequest> = {},
  text = 'Where is my parcel?',
): ChatEngineRequest {
  return {
    ...contractDefaults,
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
