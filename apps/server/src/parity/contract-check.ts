/**
 * Whether one answer keeps the contract, checked by the contract's own runtime (the types
 * package's validator and the responses `openapi/openapi.yaml` declares): its status is declared
 * for the operation, its media type is declared for that status, and its body is valid against the
 * schema declared for them. A stream's every event is checked, and so is its end: only a stream
 * ending in `data: [DONE]` (or a failure's terminal `event: error`) is one the contract allows.
 */
import type { OperationId } from '@assistant-platform/types';
import {
  type ContractValidator,
  operationResponse,
  platformContract,
} from '@assistant-platform/types/validation';
import type { Answer } from './answer.js';
import type { ContractIssue } from './report.js';

/** Issues listed per answer at most: enough to see what is wrong, never a wall of text. */
const MAX_ISSUES_PER_ANSWER = 20;

/** A stream's events are checked alike: an issue of several events is listed once, under `/events/*`. */
function streamIssues(validator: ContractValidator, schema: unknown, answer: Answer): ContractIssue[] {
  if (answer.body.kind !== 'events') return [];
  const issues = new Map<string, ContractIssue>();
  const add = (issue: ContractIssue) => issues.set(`${issue.path}\n${issue.message}`, issue);
  for (const { data } of answer.body.events) {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      add({ path: '/events/*', message: 'data is not JSON' });
      continue;
    }
    for (const issue of validator.validate(schema, value).issues)
      add({ ...issue, path: `/events/*${issue.path}` });
  }
  if (answer.body.end === 'cut')
    add({ path: '/events', message: 'the stream ended without data: [DONE] or event: error' });
  return [...issues.values()];
}

export function contractIssues(
  validator: ContractValidator,
  operation: OperationId,
  answer: Answer,
): ContractIssue[] {
  const declared = operationResponse(platformContract, operation, answer.status);
  if (!declared) return [{ path: 'status', message: `${answer.status} is not declared for ${operation}` }];
  const mediaTypes = Object.keys(declared.content);
  const schema = declared.content[answer.mediaType];
  if (schema === undefined) {
    const sent = answer.mediaType || 'no content-type';
    return [{ path: 'content-type', message: `${sent} is not declared (${mediaTypes.join(', ')} is)` }];
  }
  const { body } = answer;
  let issues: ContractIssue[];
  if (body.kind === 'events') issues = streamIssues(validator, schema, answer);
  else if (body.kind === 'json') issues = validator.validate(schema, body.value).issues;
  else issues = [{ path: '', message: body.kind === 'empty' ? 'the body is empty' : 'the body is not JSON' }];
  return issues.slice(0, MAX_ISSUES_PER_ANSWER);
}
