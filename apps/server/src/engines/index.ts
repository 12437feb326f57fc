import { createOpenAIChatEngine } from './openai/chat-engine.js';
import { createOpenAIEmbeddingEngine } from './openai/embedding-engine.js';
import { createEnginePool } from './pool/engine-pool.js';
import type { ChatEngine, EmbeddingEngine, EngineLogger, EnginesConfig } from './types.js';

export * from './types.js';

export interface Engines {
  chat: ChatEngine;
  embeddings: EmbeddingEngine;
  close(): Promise<void>;
}

/**
 * Builds the configured engines: the offline ones on a pool of worker threads, or adapters to an
 * OpenAI-compatible server (network-bound, so they stay on the event loop). The reference chat
 * engine routes with the pool's local embedder whatever the embeddings engine is: it is offline.
 */
export function createEngines(config: EnginesConfig, logger: EngineLogger): Engines {
  const offline = config.chat.kind === 'reference' || config.embeddings.kind === 'local';
  const pool = offline ? createEnginePool(config.pool, logger) : undefined;
  const embeddings =
    config.embeddings.kind === 'openai'
      ? createOpenAIEmbeddingEngine(config.embeddings, logger)
      : (pool?.embeddings as EmbeddingEngine);
  const chat =
    config.chat.kind === 'openai' ? createOpenAIChatEngine(config.chat, logger) : (pool?.chat as ChatEngine);
  return {
    chat,
    embeddings,
    close: async () => {
      await Promise.allSettled([chat.close?.(), embeddings.close?.(), pool?.close()]);
    },
  };
}
