import { createLocalEmbeddingEngine } from './local-embeddings/index.js';
import { createOpenAIChatEngine } from './openai/chat-engine.js';
import { createOpenAIEmbeddingEngine } from './openai/embedding-engine.js';
import { createReferenceChatEngine } from './reference-chat/index.js';
import type { ChatEngine, EmbeddingEngine, EngineLogger, EnginesConfig } from './types.js';

export * from './types.js';

export interface Engines {
  chat: ChatEngine;
  embeddings: EmbeddingEngine;
}

/** Builds the configured engines: the offline defaults, or adapters to an OpenAI-compatible server. */
export function createEngines(config: EnginesConfig, logger: EngineLogger): Engines {
  const embeddings =
    config.embeddings.kind === 'openai'
      ? createOpenAIEmbeddingEngine(config.embeddings, logger)
      : createLocalEmbeddingEngine();
  const chat =
    config.chat.kind === 'openai'
      ? createOpenAIChatEngine(config.chat, logger)
      : createReferenceChatEngine({ embeddings });
  return { chat, embeddings };
}
