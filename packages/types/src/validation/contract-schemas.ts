import type { OpenApiDocument } from '../openapi-document-type.js';

/** The `$id` under which the contract's component schemas are registered with Ajv. */
export const CONTRACT_ID = 'contract';

/**
 * A contract's components as one Ajv schema. OpenAPI's `discriminator.mapping` is dropped (Ajv's
 * discriminator support rejects it): each branch already pins `type` with a `const`, so the mapping
 * adds nothing, and Ajv's discriminator then reports errors of the matching branch only.
 */
export function contractSchema(document: OpenApiDocument): Record<string, unknown> {
  const components = structuredClone(document.components) as Record<string, unknown>;
  const stripMappings = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(stripMappings);
    else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      const discriminator = record.discriminator as Record<string, unknown> | undefined;
      if (discriminator && typeof discriminator === 'object' && 'mapping' in discriminator) {
        record.discriminator = { propertyName: discriminator.propertyName };
      }
      Object.values(record).forEach(stripMappings);
    }
  };
  stripMappings(components);
  return { $id: CONTRACT_ID, components };
}
