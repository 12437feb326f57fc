/** What every value generator receives. */
import type { Rng } from '../prng.js';
import type { Part } from './collect.js';
import type { HintSource } from './hints.js';
import type { SchemaObject } from './schema.js';
import type { SchemaValidators } from './schema-validators.js';

export interface GenerateContext {
  root: SchemaObject;
  /** Ajv's verdicts on the root and its parts: what every generated value is checked with. */
  validators: SchemaValidators;
  rng: Rng;
  source: HintSource;
  /** Budget mode: only required properties, the fewest items, the shortest strings. */
  compact: boolean;
  /** The most code points a free-text string gets (longer hints are cut at a word). */
  stringBudget: number;
  /**
   * Above 0 while an array retries an item that duplicated an earlier one (uniqueItems): hints are
   * skipped and free text is numbered, so the retry can differ.
   */
  variant: number;
  /** Counts generator calls, so a schema with exploding choices fails instead of hanging. */
  steps: number;
  /** Generates a value for parts: the dispatcher, passed in so container generators can recurse. */
  generate(parts: Part[], name: string, depth: number, index?: number): unknown;
}
