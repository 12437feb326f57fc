/**
 * The check over the answers record-answers.mjs wrote (every *.jsonl of a folder): each one
 * against its contract with the types package's answer checks, the ones the proxy reports
 * violations with: a status the operation declares (an unmatched request, one
 * `x-unmatched-requests` declares), its media type and headers, the envelope and the body's schema.
 * An answer a `code` fault made is checked as admin.yaml declares it instead: a `FaultStatus` with
 * its `FaultErrorEnvelope`; so is a replaying server's miss: `501` with a `ReplayMissError`. Violations are grouped by API, operation, status and message, each with
 * how often and the first request and test file that met it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminContract } from '@assistant-platform/types/admin';
import { ContractValidator, checkAnswerBody, checkAnswerHead } from '@assistant-platform/types/validation';

// Answers are not requests: a pattern in a fixture answered back was checked when it was sent.
const validators = {
  platform: new ContractValidator(),
  admin: new ContractValidator(adminContract, { re2: { validate: () => true, message: '' } }),
};
const faultStatuses = new Set(adminContract.document.components.schemas.FaultStatus.enum);

/** An answer admin.yaml declares itself: one of `statuses`, its body the admin schema `schema`. */
function adminAnswerViolations(answer, what, statuses, schema) {
  if (!statuses.has(answer.status))
    return [{ rule: 'response-status', message: `${what} answered ${answer.status}` }];
  if (answer.text === undefined) return [];
  let value;
  try {
    value = JSON.parse(answer.text);
  } catch {
    return [{ rule: 'response-envelope', message: `${what} answered a body that is not JSON` }];
  }
  const { issues } = validators.admin.check(schema, value);
  if (issues.length === 0) return [];
  return [{ rule: 'response-body', message: `the body does not match ${schema}: ${JSON.stringify(issues)}` }];
}

/** The violations of one recorded answer. */
export function answerViolations(answer) {
  if (answer.fault !== undefined)
    return adminAnswerViolations(answer, 'a fault', faultStatuses, 'FaultErrorEnvelope');
  if (answer.replayMiss)
    return adminAnswerViolations(answer, 'a replay miss', new Set([501]), 'ReplayMissError');
  const validator = validators[answer.api];
  const head = checkAnswerHead(validator, answer.operationId, answer.status, answer.headers);
  if (head.violations.some((violation) => violation.rule === 'response-status')) return head.violations;
  const contentType = answer.headers['content-type'];
  const body =
    answer.text === undefined
      ? []
      : checkAnswerBody(validator, answer.operationId, answer.status, contentType, Buffer.from(answer.text));
  return [...head.violations, ...body];
}

/** Every answer recorded under `dir`, checked: how many, and the violations grouped. */
export function checkRecordedAnswers(dir) {
  const groups = new Map();
  let answers = 0;
  for (const name of readdirSync(dir)
    .filter((each) => each.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (line === '') continue;
      const answer = JSON.parse(line);
      answers++;
      for (const violation of answerViolations(answer)) {
        const key = `${answer.api} ${answer.operationId ?? '(no operation)'} ${answer.status}: ${violation.message}`;
        const group = groups.get(key);
        if (group) group.count++;
        else
          groups.set(key, {
            key,
            count: 1,
            example: `${answer.method} ${answer.url} in ${answer.testFile ?? 'an unknown file'}`,
          });
      }
    }
  }
  return { answers, violations: [...groups.values()] };
}
