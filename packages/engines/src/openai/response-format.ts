/**
 * `response_format` on the adapter: the schema must pass the same checks as the offline engine
 * before the upstream is called, and the upstream's answer is then checked against it with Ajv (the
 * validators the offline engine generates with, see schema-validators.ts).
 * A model server's structured-output support varies (some ignore the schema, some only constrain
 * the grammar loosely), so its word that the answer fits is not taken.
 */

import { SchemaIssue } from '../reference-chat/structured/schema.js';
import { validatorsFor } from '../reference-chat/structured/schema-validators.js';
import { assertSupportedSchema } from '../reference-chat/structured/structured-answer.js';
import { type ChatEngineRequest, EngineError } from '../types.js';

/** Says why an answer text does not fit the schema, or undefined when it does. */
export type AnswerCheck = (text: string) => string | undefined;

/**
 * The check for the request's `response_format`, if any; throws EngineError 400 for a bad schema. It
 * runs on the event loop, so the schema's patterns run on RE2 (linear time), whatever thread this is.
 */
export function responseFormatCheck(request: ChatEngineRequest): AnswerCheck | undefined {
  if (!request.response_format) return undefined;
  const schema = assertSupportedSchema(request.response_format.json_schema.schema);
  const validate = rootValidator(schema);
  return (text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return 'the answer is not JSON';
    }
    if (validate(value)) return undefined;
    const first = validate.errors?.[0];
    return `the answer does not match the schema: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim();
  };
}

function rootValidator(schema: Record<string, unknown>) {
  try {
    return validatorsFor(schema, 'linear').root;
  } catch (error) {
    if (!(error instanceof SchemaIssue)) throw error;
    throw new EngineError(400, 'Invalid input provided', {
      issues: [{ path: '/response_format/json_schema/schema', message: error.message }],
    });
  }
}
