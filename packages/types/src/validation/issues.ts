import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from '../schema-types.js';

/** A 400 never lists more issues than this (a huge bad array must not make a huge answer). */
export const MAX_ISSUES = 50;

type Location = 'body' | 'params' | 'querystring' | 'headers';

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function issueOf(error: ErrorObject, location: Location): ValidationIssue {
  let pointer = error.instancePath;
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'required') {
    pointer += `/${escapePointer(String(error.params.missingProperty))}`;
    message = 'is required';
  } else if (error.keyword === 'additionalProperties') {
    pointer += `/${escapePointer(String(error.params.additionalProperty))}`;
    message = 'is not allowed';
  }
  if (location === 'body') return { path: pointer, message };
  const prefix = location === 'params' ? 'path' : location === 'headers' ? 'header' : 'query';
  return { path: `${prefix}.${pointer.replace(/^\//, '').replace(/\//g, '.')}`, message };
}

const within = (path: string, parent: string) => path === parent || path.startsWith(`${parent}/`);

/**
 * Turns Ajv's errors into the contract's `errors` list. With `allErrors` Ajv reports every branch of
 * a `oneOf` (e.g. `tools` as an array or a string): when some branch got past the type check, the
 * other branches' type mismatches and the summary `oneOf` error are noise and are dropped.
 */
export function toIssues(all: readonly ErrorObject[], location: Location): ValidationIssue[] {
  // Bounded first: the pruning below is quadratic, and a 100k-item bad array yields 100k errors.
  const errors = all.slice(0, MAX_ISSUES * 4);
  const isSummary = (e: ErrorObject) => e.keyword === 'oneOf' || e.keyword === 'anyOf';
  const meaningful = errors.filter((e) => !isSummary(e));
  // A summary is noise when its branches' own errors (at or below its place) say what is wrong; a
  // summary alone at its place (e.g. a value matching two `oneOf` branches) is the only issue there.
  const base = errors.filter(
    (e) => !isSummary(e) || !meaningful.some((m) => within(m.instancePath, e.instancePath)),
  );
  // A type mismatch at P is noise when another branch passed its type check at P (it has errors at or below P).
  const deeper = (path: string) => base.some((e) => e.keyword !== 'type' && within(e.instancePath, path));
  const kept = base.filter((e) => e.keyword !== 'type' || !deeper(e.instancePath));

  const issues: ValidationIssue[] = [];
  const typeIssues = new Map<string, ValidationIssue>();
  for (const error of kept) {
    const issue = issueOf(error, location);
    if (error.keyword === 'type') {
      const existing = typeIssues.get(issue.path);
      if (existing) {
        existing.message = `${existing.message} or ${String(error.params.type)}`;
        continue;
      }
      typeIssues.set(issue.path, issue);
    }
    if (!issues.some((i) => i.path === issue.path && i.message === issue.message)) issues.push(issue);
    if (issues.length >= MAX_ISSUES) break;
  }
  return issues;
}
