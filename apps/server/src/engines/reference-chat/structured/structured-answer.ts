/**
 * The answer for `response_format.json_schema`: a compact JSON text valid against the schema.
 * When the full answer would pass `max_tokens`, the engine regenerates it smaller (only required
 * properties, fewest items, shorter strings) and reports `length`, since the budget shaped it; only
 * when even the smallest valid JSON does not fit is the text cut, and then it is not valid JSON.
 */
import { EngineError } from '../../types.js';
import type { Rng } from '../prng.js';
import { countTokens } from '../tokens.js';
import { checkSchema } from './check-schema.js';
import { generateValue } from './generate.js';
import type { HintSource } from './hints.js';
import { isObject, SchemaIssue, type SchemaObject } from './schema.js';

const SCHEMA_PATH = '/response_format/json_schema/schema';

export interface StructuredAnswer {
  text: string;
  /** True when `max_tokens` made the engine shrink the answer (or, failing that, cut it). */
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
  let smallest = '';
  for (const [attempt, budget] of BUDGETS.entries()) {
    let text: string;
    try {
      text = JSON.stringify(
        generateValue(schema, { ...budget, source, rng: rng.fork(`structured-${attempt}`) }),
      );
    } catch (error) {
      if (!(error instanceof SchemaIssue)) throw error;
      // A smaller answer may be impossible (e.g. too short for uniqueItems); the full one was not.
      if (attempt > 0) break;
      throw invalid([error]);
    }
    if (countTokens(text) <= maxTokens) return { text, shaped: attempt > 0 };
    smallest = text;
  }
  return { text: smallest, shaped: true };
}
