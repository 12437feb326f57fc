/**
 * Parses a JSON text the client sent: the request body, or a field sent as a JSON-encoded string
 * (`tools`, `memoryChat`, `reasoning`). Both get exactly the same protections, in linear time:
 * nesting depth checked before parsing (deeper JSON would only exhaust the stack of whatever walks
 * it later), no prototype-poisoning keys, and every string and key well-formed Unicode (both
 * stores keep UTF-8, so a lone surrogate would be stored lossily) without U+0000 (PostgreSQL's
 * text cannot hold it, and both stores must answer alike). The depth and the forbidden characters
 * are the contract's (its `x-json-text`), read from it here rather than copied.
 */
import { ContractValidationError } from '../errors.js';
import { openapiDocument } from '../generated/openapi-document.js';
import type { ValidationIssue } from '../schema-types.js';

const RULES = openapiDocument['x-json-text'] as { maxDepth: number; forbiddenCharacters: string[] };

/** Deepest nesting of objects and arrays a body may have, counted from the body itself. */
export const MAX_JSON_DEPTH = RULES.maxDepth;

/** Nesting depth of a JSON text over `limit`, counting brackets outside strings, without recursion. */
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
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
 * when it is not JSON or too deep. `depthLimit` is what remains of MAX_JSON_DEPTH at that place.
 * Unsafe places come back as issues, so validation can go on and list them with the rest.
 */
export function parseJsonText(
  text: string,
  { pointer = '', depthLimit = MAX_JSON_DEPTH, maxIssues = 50 } = {},
): ParsedJson {
  if (exceedsDepth(text, depthLimit)) {
    throw ContractValidationError.at(pointer, `the JSON is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
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
  return { value, issues: unsafeParts(value, pointer, maxIssues) };
}

/** Nesting depth of a pointer's place in the body (each segment is one level). */
export function depthOf(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A request body's bytes as JSON: UTF-8 (invalid bytes are a 400, never U+FFFD), then `parseJsonText`. */
export function parseJsonBody(bytes: Uint8Array): ParsedJson {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw ContractValidationError.at('', 'the body is not valid UTF-8');
  }
  if (text.trim() === '') throw ContractValidationError.at('', 'the JSON body is empty');
  return parseJsonText(text);
}
