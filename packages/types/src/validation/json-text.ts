/**
 * Parses a JSON text the client sent: the request body, or a field sent as a JSON-encoded string
 * (`tools`, `memoryChat`, `reasoning`). Both get exactly the same protections, in linear time:
 * nesting depth checked before parsing (deeper JSON would only exhaust the stack of whatever walks
 * it later), no prototype-poisoning keys, and every string and key well-formed Unicode (both
 * stores keep UTF-8, so a lone surrogate would be stored lossily) without U+0000 (PostgreSQL's
 * text cannot hold it, and both stores must answer alike), and the number of values checked before
 * parsing (a million tiny values would cost a million objects, and their garbage collection, on a
 * thread every account shares). The depth, the values and the forbidden characters are the
 * contract's (its `x-json-text`), read from it here rather than copied.
 */
import { ContractValidationError } from '../errors.js';
import { openapiDocument } from '../generated/openapi-document.js';
import type { ValidationIssue } from '../schema-types.js';

const RULES = openapiDocument['x-json-text'] as {
  maxDepth: number;
  maxValues: number;
  forbiddenCharacters: string[];
};

/** Deepest nesting of objects and arrays a body may have, counted from the body itself. */
export const MAX_JSON_DEPTH = RULES.maxDepth;
/** Most values (objects, arrays and scalars) one JSON text may hold. */
export const MAX_JSON_VALUES = RULES.maxValues;

/**
 * Which of the size rules a JSON text breaks, from one pass over its characters outside strings,
 * before anything is parsed: nesting over `depthLimit`, or more than `maxValues` values. A
 * text's values are its top value, each non-empty container's first item and one more per comma
 * (a comma outside strings separates two items or two members; keys are not values). Only valid
 * JSON is counted exactly; invalid text is refused by the parser after this pass anyway.
 */
function brokenSizeRule(text: string, depthLimit: number, maxValues: number): 'depth' | 'values' | undefined {
  let depth = 0;
  let values = 1;
  let inString = false;
  let justOpened = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 32 || c === 10 || c === 13 || c === 9) continue;
    if (justOpened) {
      justOpened = false;
      if (c !== 125 /* } */ && c !== 93 /* ] */ && ++values > maxValues) return 'values';
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > depthLimit) return 'depth';
      justOpened = true;
    } else if (c === 125 || c === 93) depth--;
    else if (c === 44 /* , */ && ++values > maxValues) return 'values';
  }
  return undefined;
}

/**
 * The place of the container that was taking the value over `maxValues` (the array or object a
 * client sent too many items in), as a pointer from the text's top: a second pass, run only for a
 * text already refused, keeping the key or index that leads to each open container.
 */
function placeOfValueOverflow(text: string, maxValues: number): string {
  const open: { array: boolean; index: number; key: string }[] = [];
  let values = 1;
  let keyStart = -1;
  let expectKey = false;
  let justOpened = false;
  const place = () =>
    open
      .slice(0, -1)
      .map((frame) => `/${frame.array ? frame.index : escapePointer(frame.key)}`)
      .join('');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (keyStart >= 0) {
      if (c === 92) i++;
      else if (c === 34) {
        const frame = open[open.length - 1];
        if (expectKey && frame) frame.key = JSON.parse(text.slice(keyStart, i + 1));
        keyStart = -1;
        expectKey = false;
      }
      continue;
    }
    if (c === 32 || c === 10 || c === 13 || c === 9) continue;
    if (justOpened) {
      justOpened = false;
      if (c !== 125 && c !== 93 && ++values > maxValues) return place();
    }
    if (c === 34) keyStart = i;
    else if (c === 123 || c === 91) {
      open.push({ array: c === 91, index: 0, key: '' });
      expectKey = c === 123;
      justOpened = true;
    } else if (c === 125 || c === 93) {
      open.pop();
      expectKey = false;
    } else if (c === 44) {
      const frame = open[open.length - 1];
      if (frame?.array) frame.index++;
      else expectKey = true;
      if (++values > maxValues) return place();
    }
  }
  return '';
}

const codePoint = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
const FORBIDDEN = RULES.forbiddenCharacters.map(
  (character) => `\\u{${character.codePointAt(0)?.toString(16)}}`,
);

// With the `u` flag a surrogate pair is one code point, so only unpaired surrogates match. One
// test per string for both rules: a string with neither (nearly all) costs a single scan.
const UNSTORABLE = new RegExp(`[\\p{Cs}${FORBIDDEN.join('')}]`, 'u');
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string or key cannot be stored, or undefined when it can. */
function unstorable(text: string, what: string): string | undefined {
  if (!UNSTORABLE.test(text)) return undefined;
  if (LONE_SURROGATE.test(text)) return `${what} be well-formed Unicode (it has a lone surrogate)`;
  const found = RULES.forbiddenCharacters.find((character) => text.includes(character)) ?? '';
  return `${what} not contain ${codePoint(found)}`;
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

const pointerOf = (path: readonly (string | number)[]) =>
  path.map((segment) => `/${escapePointer(String(segment))}`).join('');

function hasPrototypeKey(value: unknown): boolean {
  return value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype');
}

/**
 * Poisoning keys, lone surrogates and U+0000 of a parsed value, at most `max`, in document order. A bare
 * recursive walk (depth is already bounded): pointers are only built for the places reported.
 */
function unsafeParts(value: unknown, base: string, max: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const path: (string | number)[] = [];
  const report = (message: string) => issues.push({ path: base + pointerOf(path), message });
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      const problem = unstorable(node, 'must');
      if (problem) report(problem);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length && issues.length < max; i++) {
        const child = node[i];
        if (child === null || (typeof child !== 'object' && typeof child !== 'string')) continue;
        path.push(i);
        walk(child);
        path.pop();
      }
      return;
    }
    for (const key in node) {
      if (issues.length >= max) return;
      const child = (node as Record<string, unknown>)[key];
      path.push(key);
      const problem = unstorable(key, 'the key must');
      if (problem) report(problem);
      else if (key === '__proto__' || (key === 'constructor' && hasPrototypeKey(child)))
        report('must not contain "__proto__" or "constructor.prototype" keys');
      else walk(child);
      path.pop();
    }
  };
  walk(value);
  return issues;
}

/** A parsed JSON text, with the places it may not have (poisoning keys, lone surrogates, U+0000). */
export interface ParsedJson {
  value: unknown;
  issues: ValidationIssue[];
}

/**
 * The value of a JSON text, or a ContractValidationError naming `pointer` (where the text sits in the body)
 * when it is not JSON, too deep or holds too many values. `depthLimit` is what remains of
 * MAX_JSON_DEPTH at that place; `maxValues` is MAX_JSON_VALUES for what a client sends, unbounded
 * for the answers a checker reads (an embeddings answer holds far more numbers, and the contract
 * bounds them by its own limits).
 * Unsafe places come back as issues (up to `maxIssues`), so validation can go on and list them
 * with the rest; an answer's checker, which stores nothing of it, asks for none (`maxIssues: 0`
 * skips the walk).
 */
export function parseJsonText(
  text: string,
  { pointer = '', depthLimit = MAX_JSON_DEPTH, maxValues = MAX_JSON_VALUES, maxIssues = 50 } = {},
): ParsedJson {
  const broken = brokenSizeRule(text, depthLimit, maxValues);
  if (broken === 'depth')
    throw ContractValidationError.at(pointer, `the JSON is nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (broken === 'values')
    throw ContractValidationError.at(
      pointer + placeOfValueOverflow(text, maxValues),
      `the JSON holds more than ${maxValues} values`,
    );
  let value: unknown;
  try {
    // JSON.parse makes `__proto__` an own property (never the prototype); the walk below reports it.
    value = JSON.parse(text);
  } catch {
    throw ContractValidationError.at(
      pointer,
      pointer === '' ? 'the body is not valid JSON' : 'must be valid JSON',
    );
  }
  return { value, issues: maxIssues > 0 ? unsafeParts(value, pointer, maxIssues) : [] };
}

/** Nesting depth of a pointer's place in the body (each segment is one level). */
export function depthOf(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A body's bytes as JSON: UTF-8 (invalid bytes are a 400, never U+FFFD), then `parseJsonText`. */
export function parseJsonBody(
  bytes: Uint8Array,
  { maxValues = MAX_JSON_VALUES, maxIssues = 50 } = {},
): ParsedJson {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw ContractValidationError.at('', 'the body is not valid UTF-8');
  }
  if (text.trim() === '') throw ContractValidationError.at('', 'the JSON body is empty');
  return parseJsonText(text, { maxValues, maxIssues });
}
