import type { OperationId } from '@assistant-platform/types';
import { type AdminOperationId, adminDocument } from '@assistant-platform/types/admin';
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

// The tests' own Ajv over the untouched contracts: responses are checked against exactly what the
// YAML declares, independently of the server's validator.

type Json = Record<string, unknown>;
type Document = typeof openapiDocument;

/** `expectMatchesContract` for one document (registered in its own Ajv under `id`). */
function contractChecker<Id extends string>(document: Document, id: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  // The admin API's own format (a chat fixture's RE2 pattern) is the server's to check on input;
  // an answer's pattern is one the server accepted.
  ajv.addFormat('re2', true);
  ajv.addSchema({ $id: id, components: document.components });
  const cache = new Map<string, ValidateFunction>();

  const operation = (operationId: Id): Json => {
    for (const item of Object.values(document.paths)) {
      for (const op of Object.values(item)) if ((op as Json).operationId === operationId) return op as Json;
    }
    throw new Error(`no operation ${operationId}`);
  };

  const responseSchema = (operationId: Id, status: number, mediaType: string): unknown => {
    const responses = operation(operationId).responses as Record<string, Json>;
    let response = responses[String(status)];
    if (!response) throw new Error(`${operationId} declares no ${status} response`);
    if (typeof response.$ref === 'string') {
      const name = response.$ref.split('/').pop() as string;
      response = (document.components.responses as Record<string, Json>)[name] as Json;
    }
    const content = response.content as Record<string, { schema: unknown }>;
    const schema = content[mediaType]?.schema;
    if (!schema) throw new Error(`${operationId} ${status} has no ${mediaType} content`);
    // The document's own references (`#/components/...`) point into the schema registered as `id`.
    return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${id}#/`));
  };

  return (operationId: Id, status: number, body: unknown, mediaType = 'application/json'): void => {
    const key = `${operationId} ${status} ${mediaType}`;
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(responseSchema(operationId, status, mediaType) as object);
      cache.set(key, validate);
    }
    const ok = validate(body);
    expect(ok ? [] : validate.errors, `${key} response must match the contract`).toEqual([]);
  };
}

/** Asserts that a body is exactly what the platform contract allows for this operation and status. */
export const expectMatchesContract = contractChecker<OperationId>(openapiDocument, 'doc');

/** The same against the admin API's contract (openapi/admin.yaml). */
export const expectMatchesAdminContract = contractChecker<AdminOperationId>(adminDocument, 'admin');
