/**
 * Whether one answer keeps the contract, checked by the contract's own runtime: the types
 * package's exchange checks, the same the proxy mode reports violations with (its status is
 * declared for the operation, its media type for that status, its body is the envelope and the
 * declared schema; a stream's every event is its type's schema and it ends in `data: [DONE]` or a
 * failure's terminal `event: error`). Headers are compared between the two sides instead (see
 * compare-answers.ts), so the header rule is left out here.
 */
import type { OperationId } from '@assistant-platform/types';
import {
  type ContractValidator,
  checkAnswerBody,
  checkAnswerHead,
  StreamCheck,
  type Violation,
} from '@assistant-platform/types/validation';
import type { Answer } from './answer.js';
import type { ContractIssue } from './report.js';

/** Issues listed per answer at most: enough to see what is wrong, never a wall of text. */
const MAX_ISSUES_PER_ANSWER = 20;

/** A violation as the report's issues: its bad fields, or one issue naming where it is. */
function issuesOf({ rule, message, issues }: Violation): ContractIssue[] {
  if (rule === 'response-status') return [{ path: 'status', message }];
  if (rule === 'response-content-type') return [{ path: 'content-type', message }];
  if (rule === 'stream-end') return [{ path: '/events', message }];
  if (rule === 'stream-event')
    return issues.length > 0
      ? issues.map((issue) => ({ ...issue, path: `/events/*${issue.path}` }))
      : [{ path: '/events/*', message }];
  return issues.length > 0 ? issues : [{ path: '', message }];
}

export function contractIssues(
  validator: ContractValidator,
  operation: OperationId,
  answer: Answer,
): ContractIssue[] {
  const contentType = answer.mediaType || undefined;
  const headers = { ...Object.fromEntries(answer.headers), 'content-type': contentType };
  const head = checkAnswerHead(validator, operation, answer.status, headers);
  const violations = head.violations.filter((violation) => violation.rule !== 'response-headers');
  const { body } = answer;
  if (violations.length === 0) {
    if (body.kind === 'events' && head.stream) {
      const stream = new StreamCheck(validator, head.stream);
      for (const { event, data } of body.events) stream.event(event, data);
      if (body.end === 'done') stream.event(undefined, head.stream.done);
      violations.push(...stream.end());
    } else if (body.kind !== 'events') {
      const text = body.kind === 'json' ? JSON.stringify(body.value) : body.kind === 'text' ? body.text : '';
      violations.push(
        ...checkAnswerBody(validator, operation, answer.status, contentType, Buffer.from(text)),
      );
    }
  }
  return violations.flatMap(issuesOf).slice(0, MAX_ISSUES_PER_ANSWER);
}
