/**
 * The contract promises that its default models are always known, so an adapter whose model map
 * leaves one out is a configuration error, reported at start-up rather than as a 400 on every
 * request that relies on the default.
 */

import { ConfigError } from '@assistant-platform/types';
import { openapiDocument } from '@assistant-platform/types/openapi-document';

type ModelSchema = 'ChatModel' | 'EmbeddingsModel';

/** The `default` the contract declares for a model schema. */
export function contractDefaultModel(schema: ModelSchema): string {
  const value = openapiDocument.components.schemas[schema]?.default;
  if (typeof value !== 'string') throw new Error(`the contract declares no default for ${schema}`);
  return value;
}

export function requireDefaultModel(
  modelMap: Record<string, string>,
  schema: ModelSchema,
  variable: string,
): void {
  const model = contractDefaultModel(schema);
  if (modelMap[model] === undefined) {
    throw new ConfigError(
      `${variable} must map ${model} (the contract's default model) to an upstream model, e.g. '{"${model}":"<upstream model>"}'`,
    );
  }
}
