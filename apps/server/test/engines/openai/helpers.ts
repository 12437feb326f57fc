/** Shared bits of the adapter tests: a request with every default applied, and a recording logger. */
import {
  type ChatEngineRequest,
  type EngineCallOptions,
  EngineError,
  type EngineLogger,
} from '../../../src/engines/types.js';

export const OUR_MODEL = 'svc-v1-blaze-20250318';
export const UPSTREAM_MODEL = 'llama3.2:3b';

export function chatRequest(overrides: Partial<ChatEngineRequest> = {}): ChatEngineRequest {
  return {
    model: OUR_MODEL,
    name: 'Support triage',
    description: 'Answers first-line support questions.',
    instruction: 'Answer politely.',
    intents: ['refund', 'delivery status'],
    message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
    memoryChat: [],
    handoffAgents: [],
    temperature: 0.1,
    top_p: 0.95,
    max_tokens: 4096,
    frequency_penalty: 0.3,
    presence_penalty: 0.3,
    seed: 2024,
    ...overrides,
  };
}

export function callOptions(signal: AbortSignal = new AbortController().signal): EngineCallOptions {
  return { signal, requestId: 'req-test-1' };
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg?: string;
}

export function recordingLogger(): EngineLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj: obj as Record<string, unknown>, msg });
    };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** The error a promise rejects with; fails the test if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<EngineError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw new Error(`expected an EngineError, got ${String(error)}`);
  }
  throw new Error('expected a rejection, but it resolved');
}
