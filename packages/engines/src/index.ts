/**
 * `@assistant-platform/engines`: what produces chat answers and embedding vectors behind the server's
 * routes. `createEngines` is the one place the engines are wired together; everything heavy (tokenizer
 * tables, language data, the worker pool) loads with this module, so a server imports it on demand and
 * reads its configuration from the light `@assistant-platform/engines/config` instead.
 */
import { createOpenAIChatEngine } from './openai/chat-engine.js';
import { createOpenAIEmbeddingEngine } from './openai/embedding-engine.js';
import { createEnginePool, type EnginePool } from './pool/engine-pool.js';
import type { EngineLogger, Engines, EnginesConfig } from './types.js';

export { createScriptedChatEngine, type ScriptedAnswer } from './scripted-chat/scripted-chat-engine.js';
export * from './types.js';

/**
 * Builds the configured engines. The offline ones (the reference chat engine, the local embedder) run
 * on one pool of worker threads, started only when one of them is configured; the adapters to an
 * OpenAI-compatible server are network-bound, so they stay on the event loop. The reference chat
 * engine routes intents with the pool's local embedder whatever the embeddings engine is: it is
 * offline by definition.
 */
export function createEngines(config: EnginesConfig, logger: EngineLogger): Engines {
  let pool: EnginePool | undefined;
  const offline = (): EnginePool => {
    pool ??= createEnginePool(config.pool, logger);
    return pool;
  };
  const chat =
    config.chat.kind === 'openai'
      ? // The offline engine judges whether a response schema's answer fits max_tokens (its pool
        // starts only when a request has a response_format).
        createOpenAIChatEngine(config.chat, logger, {
          complete: (request, options) => offline().chat.complete(request, options),
        })
      : offline().chat;
  const embeddings =
    config.embeddings.kind === 'openai'
      ? createOpenAIEmbeddingEngine(config.embeddings, logger)
      : offline().embeddings;
  return {
    chat,
    embeddings,
    close: async () => {
      await Promise.allSettled([chat.close?.(), embeddings.close?.(), pool?.close()]);
    },
    poolStats: () => pool?.stats() ?? { running: 0, waiting: 0, budgetOverruns: 0 },
  };
}
