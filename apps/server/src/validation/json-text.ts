/**
 * Parses a JSON text the client sent: the request body, or a field sent as a JSON-encoded string
 * (`tools`, `memoryChat`, `reasoning`). Both get exactly the same protections, in linear time:
 * nesting depth checked before parsing (deeper JSON would only exhaust the stack of whatever walks
 * it later), no prototype-poisoning keys, and every string and key well-formed Unicode (SQLite
 * stores UTF-8, so a lone surrogate would be stored lossily).
 */
import type { ValidationIssue } from '@assistant-platform/types';
import { ApiError } from '../http/api-error.js';

/** Deepest nesting of objects and arrays a body may have, counted from the body itself. */
export const MAX_JSON_DEPTH = 64;

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

// With the `u` flag a surrogate pair is one code point, so only unpaired surrogates match.
const LONE_SURROGATE = /\p{Cs}/u;

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Issues of a parsed value: poisoning keys and lone surrogates, at most `max`, in document order. */
function unsafeParts(value: unknown, pointer: string, max: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: { value: unknown; pointer: string }[] = [{ value, pointer }];
  while (stack.length > 0 && issues.length < max) {
    const item = stack.pop() as { value: unknown; pointer: string };
    const current = item.value;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current))
        issues.push({ path: item.pointer, message: 'must be well-formed Unicode (it has a lone surrogate)' });
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((child, index) => [String(index), child])
      : Object.entries(current);
    const children: { value: unknown; pointer: string }[] = [];
    for (const [key, child] of entries) {
      const at = `${item.pointer}/${escapePointer(key)}`;
      if (!Array.isArray(current)) {
        if (LONE_SURROGATE.test(key)) {
          issues.push({ path: at, message: 'the key must be well-formed Unicode (it has a lone surrogate)' });
          continue;
        }
        if (key === '__proto__' || (key === 'constructor' && hasPrototypeKey(child))) {
          issues.push({ path: at, message: 'must not contain "__proto__" or "constructor.prototype" keys' });
          continue;
        }
      }
      children.push({ value: child, pointer: at });
    }
    // Reversed onto the stack, so issues come out in document order.
    for (let i = children.length - 1; i >= 0; i--)
      stack.push(children[i] as { value: unknown; pointer: string });
  }
  return issues;
}

function hasPrototypeKey(value: unknown): boolean {
  return value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype');
}

/**
 * The value of a JSON text, or an ApiError 400 naming `pointer` (where the text sits in the body).
 * `depthLimit` is what remains of MAX_JSON_DEPTH at that place.
 */
export function parseJsonText(
  text: string,
  { pointer = '', depthLimit = MAX_JSON_DEPTH, maxIssues = 50 } = {},
): unknown {
  if (exceedsDepth(text, depthLimit)) {
    throw ApiError.badRequest(pointer, `the JSON is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    // JSON.parse makes `__proto__` an own property (never the prototype); the walk below rejects it.
    value = JSON.parse(text);
  } catch {
    throw ApiError.badRequest(pointer, pointer === '' ? 'the body is not valid JSON' : 'must be valid JSON');
  }
  const issues = unsafeParts(value, pointer, maxIssues);
  if (issues.length > 0) throw new ApiError(400, issues);
  return value;
}

/** Nesting depth of a pointer's place in the body (each segment is one level). */
export function depthOf(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}
