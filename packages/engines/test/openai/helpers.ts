/**
 * Shared bits of the adapter tests: the chat adapter pointed at an upstream (with the real offline
 * engine, in this thread, judging response schemas against max_tokens), a request with every
 * default applied, and a recording logger.
 */
import { createLocalEmbeddingEngine } from '../../src/local-embeddings/index.js';
import { createOpenAIChatEngine, type StructuredBudgetCheck } from '../../src/openai/chat-engine.js';
import { createReferenceChatEngine } from '../../src/reference-chat/index.js';
import {
  type ChatEngineRequest,
  type EngineCallOptions,
  EngineError,
  type EngineLogger,
} from '../../src/types.js';
import { engineRequest } from '../helpers/engine-request.js';

export const OUR_MODEL = 'svc-v1-blaze-20250318';

/** The offline reference engine in this thread: what createEngines hands the adapter (on its pool). */
export const offlineEngine: StructuredBudgetCheck = createReferenceChatEngine({
  embeddings: createLocalEmbeddingEngine(),
});
export const UPSTREAM_MODEL = 'llama3.2:3b';

export function chatRequest(overrides: Partial<ChatEngineRequest> = {}): ChatEngineRequest {
  return engineRequest({ model: OUR_MODEL, ...overrides });
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

/** The chat adapter calling `url`, mapping our default model to UPSTREAM_MODEL, and its log lines. */
export function chatEngineAt(
  url: string,
  { timeoutMs = 5000, apiKey }: { timeoutMs?: number; apiKey?: string } = {},
) {
  const logger = recordingLogger();
  const engine = createOpenAIChatEngine(
    {
      url,
      ...(apiKey === undefined ? {} : { apiKey }),
      modelMap: { [OUR_MODEL]: UPSTREAM_MODEL },
      timeoutMs,
    },
    logger,
    offlineEngine,
  );
  return { engine, logger };
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
