/**
 * Contract violations as the admin contract's `Violation` (openapi/admin.yaml): one per rule an
 * exchange broke, with every bad field of it. The checks of requests, answers and streams
 * (request-checks.ts, answer-checks.ts, stream-checks.ts) build them here, so their wording is one.
 */
import type { components } from '../generated/admin.js';
import type { ValidationIssue } from '../schema-types.js';
import { MAX_ISSUES } from './issues.js';

export type Violation = components['schemas']['Violation'];
export type ViolationRule = components['schemas']['ViolationRule'];

export function violation(
  rule: ViolationRule,
  message: string,
  issues: readonly ValidationIssue[] = [],
): Violation {
  return { rule, message, issues: issues.slice(0, MAX_ISSUES) };
}

/** `message` followed by the first issue (`/name is required`) and how many more there are. */
export function withIssues(message: string, issues: readonly ValidationIssue[]): string {
  const [first] = issues;
  if (!first) return message;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${message}: ${first.path === '' ? '' : `${first.path} `}${first.message}${more}`;
}

/** The media type of a `content-type` value, lower case, without parameters; '' when absent. */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  const end = contentType.indexOf(';');
  return (end < 0 ? contentType : contentType.slice(0, end)).trim().toLowerCase();
}

/** Whether a media type is JSON (`application/json` or `application/<something>+json`). */
export const isJsonMediaType = (mediaType: string) => /^application\/(?:[\w.+-]+\+)?json$/.test(mediaType);
