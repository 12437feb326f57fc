// PLACEHOLDER until the OpenAI-compatible embeddings adapter lands.
import { type EmbeddingEngine, EngineError, type EngineLogger, type UpstreamConfig } from '../types.js';

export function createOpenAIEmbeddingEngine(_config: UpstreamConfig, _logger: EngineLogger): EmbeddingEngine {
  return {
    async embed() {
      throw new EngineError(500, 'The OpenAI-compatible embeddings adapter is not implemented yet');
    },
  };
}
