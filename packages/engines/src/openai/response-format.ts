/**
 * `response_format` on the adapter: the schema must pass the same checks as the offline engine
 * before the upstream is called, and the upstream's answer is then checked against it with Ajv.
 * A model server's structured-output support varies (some ignore the schema, some only constrain
 * the grammar loosely), so its word that the answer fits is not taken.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { assertSupportedSchema } from '../reference-chat/structured/structured-answer.js';
import { type ChatEngineRequest, EngineError } from '../types.js';
import { linearRegExp } from './re2-regexp.js';

/** Says why an answer text does not fit the schema, or undefined when it does. */
export type AnswerCheck = (text: string) => string | undefined;

// Compiling is the costly part; clients tend to send the same schema on every request.
const CACHE_LIMIT = 100;
const validators = new Map<string, ValidateFunction>();

/** The check for the request's `response_format`, if any; throws EngineError 400 for a bad schema. */
export function responseFormatCheck(request: ChatEngineRequest): AnswerCheck | undefined {
  if (!request.response_format) return undefined;
  const schema = assertSupportedSchema(request.response_format.json_schema.schema);
  const validate = validatorFor(schema);
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

function validatorFor(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  const cached = validators.get(key);
  if (cached) {
    // Re-inserting keeps the Map in least-recently-used order.
    validators.delete(key);
    validators.set(key, cached);
    return cached;
  }
  const validate = compile(schema);
  if (validators.size >= CACHE_LIMIT) validators.delete(validators.keys().next().value as string);
  validators.set(key, validate);
  return validate;
}

/**
 * One Ajv instance per schema: Ajv keeps every schema it compiled (and refuses a second schema
 * with the same `$id`), so a shared instance would grow without bound on clients' schemas.
 */
function compile(schema: object): ValidateFunction {
  const ajv = new Ajv2020({
    strict: false,
    validateSchema: false,
    meta: false,
    code: { regExp: linearRegExp },
  });
  addFormats.default(ajv);
  try {
    return ajv.compile(schema);
  } catch {
    // The offline checks passed, so what is left is a pattern RE2 cannot run in linear time.
    throw new EngineError(400, 'Invalid input provided', {
      issues: [
        {
          path: '/response_format/json_schema/schema',
          message:
            'a pattern uses a regular-expression feature that cannot be matched in linear time (lookaround or backreferences)',
        },
      ],
    });
  }
}
