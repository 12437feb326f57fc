import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createLocalEmbeddingEngine } from '../../src/local-embeddings/index.js';
import { createReferenceChatEngine } from '../../src/reference-chat/index.js';
import type { ChatEngineRequest, ChatStreamEvent, EngineCallOptions, HandoffAgent } from '../../src/types.js';
import { engineRequest } from '../helpers/engine-request.js';

export const engine = createReferenceChatEngine({ embeddings: createLocalEmbeddingEngine() });

export function callOptions(signal: AbortSignal = new AbortController().signal): EngineCallOptions {
  return { signal, requestId: 'req-test' };
}

export function request(
  overrides: Partial<ChatEngineRequest> = {},
  text = 'Where is my parcel?',
): ChatEngineRequest {
  return engineRequest(overrides, text);
}

export function agent(id: number, name: string, description: string, intents: string[] = []): HandoffAgent {
  return {
    id,
    agentReferenceId: `00000000-0000-4000-8000-00000000000${id}`,
    name,
    description,
    instruction: 'Help.',
    intents,
  };
}

export function withSchema(
  schema: object,
  overrides: Partial<ChatEngineRequest> = {},
  text?: string,
): ChatEngineRequest {
  return request(
    {
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'answer', schema: schema as Record<string, never> },
      },
      ...overrides,
    },
    text,
  );
}

export async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const all: ChatStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

// One Ajv instance for all tests: building one (with ajv-formats) costs far more than a compile.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** The independent judge of structured answers: Ajv's draft 2020-12 validator with ajv-formats. */
export function compileValidator(schema: object) {
  const validate = ajv.compile(schema);
  // Schemas with the same $id may follow; forget this one once compiled.
  ajv.removeSchema(schema);
  return validate;
}
