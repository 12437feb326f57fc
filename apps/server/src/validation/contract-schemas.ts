import { openapiDocument } from '@assistant-platform/types/openapi-document';

/** The `$id` under which the contract's component schemas are registered with Ajv. */
export const CONTRACT_ID = 'contract';

/** A reference to a component schema of the contract, e.g. `schemaRef('Tools')`. */
export function schemaRef(name: string): { $ref: string } {
  if (!(name in openapiDocument.components.schemas)) throw new Error(`The contract has no schema ${name}`);
  return { $ref: `${CONTRACT_ID}#/components/schemas/${name}` };
}

/**
 * The contract's components as one Ajv schema. OpenAPI's `discriminator.mapping` is dropped (Ajv's
 * discriminator support rejects it): each branch already pins `type` with a `const`, so the mapping
 * adds nothing, and Ajv's discriminator then reports errors of the matching branch only.
 */
export function contractSchema(): Record<string, unknown> {
  const components = structuredClone(openapiDocument.components) as Record<string, unknown>;
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

/**
 * The declared defaults of an object schema's properties, following one `$ref` when the property
 * itself declares none (e.g. `model` → ChatModel's default). Used to apply every default the
 * contract declares without copying them into code.
 */
export function declaredDefaults(schemaName: string): Record<string, unknown> {
  const schemas = openapiDocument.components.schemas;
  const properties = (schemas[schemaName]?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const defaults: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    let value = property.default;
    if (value === undefined && typeof property.$ref === 'string') {
      const target = property.$ref.replace('#/components/schemas/', '');
      value = schemas[target]?.default;
    }
    if (value !== undefined) defaults[name] = value;
  }
  return defaults;
}
