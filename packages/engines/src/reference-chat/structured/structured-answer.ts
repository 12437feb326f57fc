/**
 * The answer for `response_format.json_schema`: a compact JSON text valid against the schema.
 * When the full answer would pass `max_tokens`, the engine regenerates it smaller (only required
 * properties, fewest items, shorter strings) and reports `length`, since the budget shaped it. When
 * even the smallest valid JSON does not fit, the request is a 400 naming `max_tokens`: a cut text
 * would not be JSON, and structured output promises valid JSON.
 */
import { EngineError } from '../../types.js';
import type { Rng } from '../prng.js';
import { countTokens, surelyFits } from '../tokens.js';
import { checkSchema } from './check-schema.js';
import { generateValue } from './generate.js';
import type { HintSource } from './hints.js';
import { isObject, SchemaIssue, type SchemaObject } from './schema.js';
import { type SchemaValidators, THIS_THREAD_PATTERNS, validatorsFor } from './schema-validators.js';

const SCHEMA_PATH = '/response_format/json_schema/schema';

export interface StructuredAnswer {
  text: string;
  /** True when `max_tokens` made the engine shrink the answer. */
  shaped: boolean;
}

function invalid(issues: SchemaIssue[]): EngineError {
  return new EngineError(400, 'Invalid input provided', {
    issues: issues.map((issue) => ({ path: `${SCHEMA_PATH}${issue.pointer}`, message: issue.message })),
  });
}

/** Throws EngineError 400 when the schema uses what the engine does not support or contradicts itself. */
export function assertSupportedSchema(schema: unknown): SchemaObject {
  if (!isObject(schema)) throw invalid([new SchemaIssue('', 'the schema must be an object')]);
  const issues = checkSchema(schema);
  if (issues.length > 0) throw invalid(issues);
  return schema;
}

const BUDGETS = [
  { compact: false, stringBudget: 200 },
  { compact: true, stringBudget: 40 },
  { compact: true, stringBudget: 8 },
  { compact: true, stringBudget: 0 },
];

export function structuredAnswer(
  schema: SchemaObject,
  source: HintSource,
  rng: Rng,
  maxTokens: number,
): StructuredAnswer {
  let validators: SchemaValidators;
  try {
    validators = validatorsFor(schema, THIS_THREAD_PATTERNS);
  } catch (error) {
    if (error instanceof SchemaIssue) throw invalid([error]);
    throw error;
  }
  // The fewest tokens any valid answer took: what the 400 says `max_tokens` needs.
  let smallestTokens = Number.POSITIVE_INFINITY;
  for (const [attempt, budget] of BUDGETS.entries()) {
    let text: string;
    try {
      text = JSON.stringify(
        generateValue(schema, { ...budget, validators, source, rng: rng.fork(`structured-${attempt}`) }),
      );
    } catch (error) {
      if (!(error instanceof SchemaIssue)) throw error;
      // A smaller answer may be impossible (e.g. too short for uniqueItems); the full one was not.
      if (attempt > 0) break;
      throw invalid([error]);
    }
    if (surelyFits(text, maxTokens)) return { text, shaped: attempt > 0 };
    const tokens = countTokens(text);
    if (tokens <= maxTokens) return { text, shaped: attempt > 0 };
    smallestTokens = Math.min(smallestTokens, tokens);
  }
  throw new EngineError(400, 'Invalid input provided', {
    issues: [
      {
        path: '/max_tokens',
        message: `is too small for the smallest JSON valid against response_format (needs ${smallestTokens} tokens)`,
      },
    ],
  });
}
