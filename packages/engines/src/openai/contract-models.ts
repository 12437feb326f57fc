/**
 * The contract promises that its default models are always known, so an adapter whose model map
 * leaves one out is a configuration error, reported at start-up rather than as a 400 on every
 * request that relies on the default.
 */

import { ConfigError, DECLARED_DEFAULTS } from '@assistant-platform/types';

type ModelSchema = 'ChatModel' | 'EmbeddingsModel';

const DEFAULT_MODELS: Record<ModelSchema, string> = {
  ChatModel: DECLARED_DEFAULTS.ChatRequestBody.model,
  EmbeddingsModel: DECLARED_DEFAULTS.EmbeddingsBody.model,
};

export function requireDefaultModel(
  modelMap: Record<string, string>,
  schema: ModelSchema,
  variable: string,
): void {
  const model = DEFAULT_MODELS[schema];
  if (modelMap[model] === undefined) {
    throw new ConfigError(
      `${variable} must map ${model} (the contract's default model) to an upstream model, e.g. '{"${model}":"<upstream model>"}'`,
    );
  }
}
