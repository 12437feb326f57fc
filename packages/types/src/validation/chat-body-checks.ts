/**
 * The chat body's checks beyond its schema, run in the same stage so `errors` lists them with the
 * rest: the model must be one the configured engine answers, and a response schema's smallest
 * valid answer must fit in `max_tokens` (checked here, before any generation, in one linear walk).
 */
import { DECLARED_DEFAULTS } from '../generated/defaults.js';
import type { ValidationIssue } from '../schema-types.js';

const DEFAULTS = DECLARED_DEFAULTS.ChatRequestBody;
const SCHEMA_POINTER = '/response_format/json_schema/schema';
/** A token of generated text holds about four characters; a string of more needs more tokens. */
const CHARS_PER_TOKEN = 4;
/** The walk is a lower bound, not a proof: it stops early rather than cost more than a bounded walk. */
const MAX_STEPS = 10_000;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function resolveLocal(root: Node, ref: string): Node | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = isNode(node) ? node[key] : undefined;
  }
  return isNode(node) ? node : undefined;
}

/**
 * Places where the schema demands more than `maxTokens` can hold, following only what every valid
 * answer must contain (required properties, items of non-empty arrays, allOf, $ref), with the
 * count of enclosing array items multiplied in.
 */
export function responseBudgetIssues(root: Node, maxTokens: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // A node reached again with no more copies than before can add nothing; refs may form cycles.
  const mostCopies = new Map<Node, number>();
  let steps = 0;
  const walk = (node: unknown, at: string, copies: number): void => {
    if (!isNode(node) || issues.length > 0 || ++steps > MAX_STEPS) return;
    if ((mostCopies.get(node) ?? 0) >= copies) return;
    mostCopies.set(node, copies);
    if (typeof node.minLength === 'number' && node.minLength * copies > maxTokens * CHARS_PER_TOKEN) {
      issues.push({
        path: `${at}/minLength`,
        message: `asks for more text than max_tokens (${maxTokens}) can hold: at most ${CHARS_PER_TOKEN} characters a token`,
      });
    }
    let items = copies;
    if (typeof node.minItems === 'number' && node.minItems > 0) {
      items = copies * node.minItems;
      if (items > maxTokens)
        issues.push({
          path: `${at}/minItems`,
          message: `asks for more items than max_tokens (${maxTokens}) can hold: each item takes a token`,
        });
      else walk(node.items, `${at}/items`, items);
    }
    if (typeof node.$ref === 'string') walk(resolveLocal(root, node.$ref), at, copies);
    if (Array.isArray(node.allOf)) {
      for (const [i, member] of node.allOf.entries()) walk(member, `${at}/allOf/${i}`, copies);
    }
    if (Array.isArray(node.required) && isNode(node.properties)) {
      for (const name of node.required) {
        if (typeof name === 'string' && Object.hasOwn(node.properties, name))
          walk(
            node.properties[name],
            `${at}/properties/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
            copies,
          );
      }
    }
  };
  walk(root, SCHEMA_POINTER, 1);
  return issues;
}

/** The checks of a chatRequest body; `models` are the ones the configured chat engine answers. */
export function chatBodyChecks(models: readonly string[]) {
  return (body: unknown): ValidationIssue[] => {
    if (!isNode(body)) return [];
    const issues: ValidationIssue[] = [];
    const model = body.model ?? DEFAULTS.model;
    if (typeof model === 'string' && !models.includes(model))
      issues.push({ path: '/model', message: `must be one of the known models: ${models.join(', ')}` });
    const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : DEFAULTS.max_tokens;
    const format = body.response_format;
    const schema = isNode(format) && isNode(format.json_schema) ? format.json_schema.schema : undefined;
    if (isNode(schema)) issues.push(...responseBudgetIssues(schema, maxTokens));
    return issues;
  };
}
