/**
 * Checks an answer against what the platform's contract declares for its operation and status:
 * the status itself, the media type, the headers (a `required` header missing, a value not of its
 * schema), the envelope (`{ success, message, … }`, `success` true exactly for a success status,
 * as the contract's "Envelopes" section says) and the body's schema. A request no operation
 * matches is answered as the contract's `x-unmatched-requests` says: `404` (`NotFound`) for an
 * unknown path, `405` (`MethodNotAllowed`) for a known path with another method.
 *
 * The head (status, media type, headers) is checked as soon as it arrives; the body once it has
 * (a stream's events are stream-checks.ts's). A rule is reported once per answer, with every bad
 * field of it; an answer that is not the envelope is not also reported as not its schema.
 */
import { ContractValidationError } from '../errors.js';
import type { ValidationIssue } from '../schema-types.js';
import type { ContractValidator } from './contract-validator.js';
import { parseJsonBody } from './json-text.js';
import { declaredResponseObject, declaredStatuses, type ResponseObject } from './operation-validation.js';
import type { EventStreamSpec } from './stream-checks.js';
import { isJsonMediaType, mediaTypeOf, type Violation, violation, withIssues } from './violation.js';

type Node = Record<string, unknown>;

/** Header names (lower case) and values, as Node gives them. */
export type AnswerHeaders = Record<string, string | string[] | undefined>;

/** A header object of the contract, its `$ref` (into `components.headers`) resolved. */
function headerObject(document: Node, node: unknown): Node | undefined {
  const ref = (node as Node | undefined)?.$ref;
  if (typeof ref !== 'string') return node as Node | undefined;
  const headers = (document.components as Record<string, Record<string, Node>>).headers;
  return headers?.[ref.slice(ref.lastIndexOf('/') + 1)];
}

/**
 * The responses a contract names for requests no operation takes (`x-unmatched-requests`): a path
 * none has (`404`), a path one has with another method (`405`); each by the status it answers.
 */
function unmatchedResponses(document: Node): Map<number, ResponseObject> {
  const named = (document['x-unmatched-requests'] ?? {}) as Record<string, { $ref?: unknown }>;
  const responses = (document.components as { responses?: Record<string, ResponseObject> }).responses;
  const found = new Map<number, ResponseObject>();
  for (const [kind, ref] of Object.entries({ path: named.path?.$ref, method: named.method?.$ref })) {
    const response = typeof ref === 'string' ? responses?.[ref.slice(ref.lastIndexOf('/') + 1)] : undefined;
    if (response) found.set(kind === 'path' ? 404 : 405, response);
  }
  return found;
}

/** The response declared for a status; a request no operation matches by `x-unmatched-requests`. */
function declaredResponse(
  validator: ContractValidator<string>,
  operationId: string | null,
  status: number,
): ResponseObject | undefined {
  const { contract } = validator;
  if (operationId !== null) return declaredResponseObject(contract, operationId, status);
  return unmatchedResponses(contract.document as Node).get(status);
}

const declaredList = (validator: ContractValidator<string>, operationId: string | null) =>
  operationId === null
    ? [...unmatchedResponses(validator.contract.document as Node).keys()].map(String)
    : declaredStatuses(validator.contract, operationId);

const describe = (operationId: string | null) => operationId ?? 'an unknown route';

const headerValue = (headers: AnswerHeaders, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

function headerIssues(
  validator: ContractValidator<string>,
  response: ResponseObject,
  headers: AnswerHeaders,
) {
  const document = validator.contract.document as Node;
  const issues: ValidationIssue[] = [];
  for (const [name, declared] of Object.entries(response.headers ?? {})) {
    const header = headerObject(document, declared);
    if (!header) continue;
    const path = `header.${name.toLowerCase()}`;
    const text = headerValue(headers, name);
    if (text === undefined) {
      if (header.required === true) issues.push({ path, message: 'is required' });
      continue;
    }
    const schema = header.schema as Node | undefined;
    if (!schema) continue;
    // A header is text; an integer header must be a canonical decimal integer.
    const value =
      schema.type === 'integer' && /^(?:0|-?[1-9][0-9]*)$/.test(text.trim()) ? Number(text) : text;
    for (const issue of validator.validate(schema, value).issues)
      issues.push({ path, message: issue.message });
  }
  return issues;
}

export interface AnswerHeadCheck {
  violations: Violation[];
  /** The declared events, when the answer is a declared event stream (check them with StreamCheck). */
  stream: EventStreamSpec | undefined;
}

/** Checks an answer's status, media type and headers. */
export function checkAnswerHead(
  validator: ContractValidator<string>,
  operationId: string | null,
  status: number,
  headers: AnswerHeaders,
): AnswerHeadCheck {
  const response = declaredResponse(validator, operationId, status);
  if (!response) {
    const declared = declaredList(validator, operationId).join(', ');
    return {
      violations: [
        violation(
          'response-status',
          `${describe(operationId)} does not declare status ${status} (it declares ${declared})`,
        ),
      ],
      stream: undefined,
    };
  }
  const violations: Violation[] = [];
  const mediaType = mediaTypeOf(headerValue(headers, 'content-type'));
  const content = response.content ?? {};
  const declaredTypes = Object.keys(content);
  if (declaredTypes.length > 0 && !declaredTypes.includes(mediaType)) {
    violations.push(
      violation(
        'response-content-type',
        `the answer is ${mediaType === '' ? 'without a content-type' : mediaType}; ${describe(operationId)}'s ${status} is ${declaredTypes.join(' or ')}`,
      ),
    );
  }
  const issues = headerIssues(validator, response, headers);
  if (issues.length > 0)
    violations.push(
      violation('response-headers', withIssues('a header breaks the contract', issues), issues),
    );
  return { violations, stream: content[mediaType]?.['x-event-stream'] as EventStreamSpec | undefined };
}

/** What an envelope's `success` and `message` must be for a status; undefined when they are. */
function envelopeProblem(value: unknown, status: number): string | undefined {
  const expected = status < 400;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `the body is not the envelope { success, message, … } but ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`;
  const { success, message } = value as Node;
  if (typeof success !== 'boolean')
    return 'the body is not the envelope: `success` is missing or not a boolean';
  if (typeof message !== 'string')
    return 'the body is not the envelope: `message` is missing or not a string';
  if (success !== expected)
    return `a ${status} answers \`success: ${success}\`; the envelope of a ${expected ? 'success' : 'failure'} has \`success: ${expected}\``;
  return undefined;
}

/**
 * Checks a JSON answer's body (the bytes decoded from any content-encoding): the envelope, then the
 * schema the contract declares for the status. A body of another media type is left to the media
 * type's rule (and an event stream to StreamCheck).
 */
export function checkAnswerBody(
  validator: ContractValidator<string>,
  operationId: string | null,
  status: number,
  contentType: string | undefined,
  bytes: Uint8Array,
): Violation[] {
  const mediaType = mediaTypeOf(contentType);
  if (!isJsonMediaType(mediaType)) return [];
  let value: unknown;
  try {
    value = parseJsonBody(bytes, { maxValues: Number.POSITIVE_INFINITY, maxIssues: 0 }).value;
  } catch (error) {
    if (!(error instanceof ContractValidationError)) throw error;
    return [
      violation(
        'response-envelope',
        `the body is not the JSON envelope: ${error.issues[0]?.message ?? 'not JSON'}`,
      ),
    ];
  }
  const problem = envelopeProblem(value, status);
  if (problem) return [violation('response-envelope', problem)];
  const schema = declaredResponse(validator, operationId, status)?.content?.[mediaType]?.schema;
  if (schema === undefined) return [];
  const { issues } = validator.validate(schema, value);
  if (issues.length === 0) return [];
  const name = String((schema as Node).$ref ?? 'its schema').replace(/^.*\//, '');
  return [violation('response-body', withIssues(`the body does not match ${name}`, issues), issues)];
}
