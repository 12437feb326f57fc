/**
 * Ajv is the structured output's one definition of "valid": the generator checks every value it makes
 * against the Ajv validators of the parts it must meet (and tries another branch or candidate on a
 * miss), and the whole answer against the response schema's, so an answer that reaches the client is
 * valid even where constraints interact (oneOf exclusivity, uniqueItems, allOf). The OpenAI adapter
 * checks model output with the same validators.
 *
 * Compiling is the costly part, and clients tend to send the same schema on every request, so the
 * validators of a schema are kept (the last 100 schemas), each part's compiled on first use. One Ajv
 * instance per schema: Ajv keeps every schema it compiled, so a shared one would grow without bound.
 *
 * Patterns come from clients. On the main thread they run on RE2 (linear time), and one RE2 cannot run
 * (lookaround, backreferences) makes the schema a 400. On an engine worker they run on JavaScript's
 * RegExp, as Ajv's own default and the JSON Schema spec have it: a runaway match there is stopped by
 * the task's budget, which terminates the thread.
 */
import { isMainThread } from 'node:worker_threads';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { linearRegExp } from './re2-regexp.js';
import { isObject, type JsonSchema, type Located, SchemaIssue, type SchemaObject } from './schema.js';

/** Which regular-expression engine runs the schema's patterns. */
export type PatternEngine = 'linear' | 'native';

/** RE2 on the main thread, JavaScript's RegExp on a worker thread. */
export const THIS_THREAD_PATTERNS: PatternEngine = isMainThread ? 'linear' : 'native';

export interface SchemaValidators {
  /** The response schema's validator; its `errors` say why a value failed. */
  root: ValidateFunction;
  /**
   * Whether `value` is valid against `located`: the response schema at `located.pointer`, or a part of
   * it (collect.ts), which is always that schema less some of its keywords (the `$ref` and `allOf`
   * collect takes apart, the `anyOf`/`oneOf` a choice resolves), so its pointer and keywords name it.
   */
  accepts(located: Located, value: unknown): boolean;
}

/** The id the response schema has in its Ajv instance, so a part's `$ref`s can point into it. */
const ROOT_ID = 'urn:assistant-platform:response-schema';
const CACHE_LIMIT = 100;
const cache = new Map<string, SchemaValidators>();

/** The validators of a response schema that passed assertSupportedSchema; throws a SchemaIssue for a pattern RE2 cannot run. */
export function validatorsFor(schema: SchemaObject, patterns: PatternEngine): SchemaValidators {
  const key = `${patterns} ${JSON.stringify(schema)}`;
  const cached = cache.get(key);
  if (cached) {
    // Re-inserting keeps the Map in least-recently-used order.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const validators = compileValidators(schema, patterns);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, validators);
  return validators;
}

function compileValidators(schema: SchemaObject, patterns: PatternEngine): SchemaValidators {
  const ajv = new Ajv2020({
    strict: false,
    validateSchema: false,
    meta: false,
    // Each schema's validators are compiled once and run a few dozen times per answer: Ajv's
    // optimisation passes cost a third of a compile and save little of a run.
    code: { optimize: false, ...(patterns === 'linear' ? { regExp: linearRegExp } : {}) },
  });
  addFormats.default(ajv);
  ajv.addSchema(rooted(schema), ROOT_ID);
  const root = compiled(() => ajv.getSchema(ROOT_ID) as ValidateFunction, '');
  const partKey = (part: SchemaObject, pointer: string) => `${pointer} ${Object.keys(part).join(' ')}`;
  // The schema is the part at '' that kept all its keywords.
  const parts = new Map<string, ValidateFunction>([[partKey(schema, ''), root]]);
  return {
    root,
    accepts({ schema: part, pointer }, value) {
      if (typeof part === 'boolean') return part;
      const key = partKey(part, pointer);
      let validate = parts.get(key);
      if (!validate) {
        validate = compiled(() => ajv.compile(rooted(part)), pointer);
        parts.set(key, validate);
      }
      return validate(value);
    },
  };
}

/** The schema passed the engine's own checks, so what can fail to compile is a pattern RE2 cannot run. */
function compiled(compile: () => ValidateFunction, pointer: string): ValidateFunction {
  try {
    return compile();
  } catch {
    throw new SchemaIssue(
      pointer,
      'a pattern uses a regular-expression feature that cannot be matched in linear time (lookaround or backreferences)',
    );
  }
}

const SCHEMA_MAPS = ['properties', '$defs', 'definitions'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SCHEMAS = ['additionalProperties', 'items'];
/** Annotations Ajv would register (and refuse twice in one instance); the engine's refs never use them. */
const IDENTIFIERS = ['$id', '$anchor', '$schema'];

/**
 * A copy of a schema that compiles on its own beside the response schema: its local `$ref`s point into
 * the response schema by its id (the engine resolves every `#…` reference against the whole response
 * schema), and it declares no ids of its own. Only the keywords the engine supports can hold schemas.
 */
function rooted(schema: JsonSchema): JsonSchema {
  if (!isObject(schema)) return schema;
  const copy: SchemaObject = { ...schema };
  for (const key of IDENTIFIERS) delete copy[key];
  if (typeof copy.$ref === 'string') copy.$ref = `${ROOT_ID}${copy.$ref}`;
  for (const key of SCHEMA_MAPS) {
    const map = copy[key];
    if (isObject(map))
      copy[key] = Object.fromEntries(
        Object.entries(map).map(([name, sub]) => [name, rooted(sub as JsonSchema)]),
      );
  }
  for (const key of SCHEMA_LISTS) {
    const list = copy[key];
    if (Array.isArray(list)) copy[key] = list.map((sub) => rooted(sub as JsonSchema));
  }
  for (const key of SCHEMAS) if (copy[key] !== undefined) copy[key] = rooted(copy[key] as JsonSchema);
  return copy;
}
