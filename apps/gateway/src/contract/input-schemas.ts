/**
 * JSON Schemas of the gateway's procedure inputs, derived from the contract rather than written out:
 * an operation's path parameters and its request body's properties become one flat input object
 * (`{ id }` for getAgent, `{ workspaceId, transcriptionId, transcript }` for updateTranscription).
 * A change to openapi/openapi.yaml changes what the gateway accepts with no edit here.
 */
import type { OpenApiDocument } from '@assistant-platform/types/openapi-document';

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface InputShape {
  /** Rename path parameters for the input object, e.g. `{ id: 'workspaceId' }`. */
  renameParams?: Record<string, string>;
  /** Body properties the procedure does not take (e.g. `stream`, which the procedure decides). */
  omitBodyProperties?: readonly string[];
}

/** The input schema of one operation, with the contract's components attached so `$ref`s resolve. */
export function operationInputSchema(
  document: OpenApiDocument,
  method: 'get' | 'post' | 'patch',
  path: string,
  shape: InputShape = {},
): JsonSchema {
  const operation = document.paths[path]?.[method] as
    | { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    | undefined;
  if (!operation) throw new Error(`The contract has no ${method.toUpperCase()} ${path}`);

  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path') continue;
    const name = shape.renameParams?.[parameter.name] ?? parameter.name;
    properties[name] = parameter.schema;
    if (parameter.required) required.push(name);
  }

  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  if (bodySchema) {
    const body = resolveRef(document, bodySchema);
    const omitted = new Set(shape.omitBodyProperties ?? []);
    const bodyProperties = (body.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(bodyProperties)) {
      if (!omitted.has(name)) properties[name] = schema;
    }
    for (const name of (body.required ?? []) as string[]) {
      if (!omitted.has(name)) required.push(name);
    }
  }

  return {
    type: 'object',
    required,
    additionalProperties: false,
    properties,
    // Not a keyword: the `$ref`s copied above point at `#/components/...` of this root.
    components: document.components,
  };
}

function resolveRef(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = document.components.schemas[name];
  if (!target) throw new Error(`The contract has no schema ${ref}`);
  return target;
}
