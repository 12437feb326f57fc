// PLACEHOLDER until the OpenAI-compatible chat adapter lands.
import { type ChatEngine, EngineError, type EngineLogger, type UpstreamConfig } from '../types.js';

export function createOpenAIChatEngine(config: UpstreamConfig, _logger: EngineLogger): ChatEngine {
  const fail = async (): Promise<never> => {
    throw new EngineError(500, 'The OpenAI-compatible chat adapter is not implemented yet');
  };
  return { models: Object.keys(config.modelMap), complete: fail, stream: fail };
}
