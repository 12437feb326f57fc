import { describe, expect, it } from 'vitest';
import {
  ADMIN_IN_FLIGHT_LIMITED,
  ADMIN_LIMITS,
  ADMIN_OPERATIONS,
  adminContract,
  adminDocument,
  FAULT_ERROR_MESSAGES,
} from '../src/admin.js';
import { openapiDocument } from '../src/openapi-document.js';
import { ContractValidator, operationValidation } from '../src/validation/index.js';

const validator = new ContractValidator(adminContract);

describe('the admin contract', () => {
  it('is one self-contained document: the platform components it uses are copied in', () => {
    expect(JSON.stringify(adminDocument)).not.toContain('openapi.yaml#');
    expect(adminDocument.components.schemas.ValidationIssue).toEqual(
      openapiDocument.components.schemas.ValidationIssue,
    );
  });

  it('requires an account’s admin scope for every operation but the violations summary’s and the metrics’, the operator’s', () => {
    const operators = (id: string) => id.endsWith('Violations') || id === 'scrapeMetrics';
    expect(Object.entries(ADMIN_OPERATIONS).map(([id, operation]) => [id, operation.scope])).toEqual(
      Object.keys(ADMIN_OPERATIONS).map((id) => [id, operators(id) ? 'operator' : 'admin']),
    );
  });

  it('pins the message of the status only faults answer', () => {
    const messageOf = (name: string) =>
      (adminDocument.components.schemas[name] as { properties: { message: { const: string } } }).properties
        .message.const;
    expect(FAULT_ERROR_MESSAGES).toEqual({ 408: messageOf('RequestTimeoutError') });
  });
});

describe('the admin contract’s declared limits', () => {
  it('reads a property’s bounds and allowed values, through a $ref too, with its type', () => {
    expect(ADMIN_LIMITS.Fault.delayMs).toEqual({ type: 'integer', minimum: 0, maximum: 30000 });
    expect(ADMIN_LIMITS.Fault.code.enum).toEqual(
      (adminDocument.components.schemas.FaultStatus as { enum: number[] }).enum,
    );
    expect(ADMIN_LIMITS.FaultRuleInput.probability).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 1,
    });
  });

  it('lists the fault fields marked x-in-flight-limited: those that hold a connection', () => {
    expect(ADMIN_IN_FLIGHT_LIMITED).toEqual({ Fault: ['delayMs', 'ttftMs', 'tps', 'disconnectAfter'] });
  });

  it('are the bounds the validator holds a fault rule to', () => {
    const { body } = operationValidation(validator, 'addFault');
    const rule = (fault: object, extra: object = {}) => body({ match: {}, fault, ...extra }).issues;
    const { delayMs, tps } = ADMIN_LIMITS.Fault;
    const { times } = ADMIN_LIMITS.FaultRuleInput;
    expect(rule({ delayMs: delayMs.maximum, tps: tps.minimum }, { times: times.maximum })).toEqual([]);
    expect(
      rule({ delayMs: delayMs.maximum + 1, tps: tps.minimum / 2 }, { times: times.maximum + 1 }).map(
        (issue) => issue.path,
      ),
    ).toEqual(['/fault/delayMs', '/fault/tps', '/times']);
    for (const code of ADMIN_LIMITS.Fault.code.enum) expect(rule({ code })).toEqual([]);
  });
});

describe('validation against the admin contract', () => {
  it('accepts a fault rule and names each bad field of another', () => {
    const { body } = operationValidation(validator, 'addFault');
    expect(body({ match: { path: '/v1/*' }, fault: { code: 503 }, times: 2 }).issues).toEqual([]);
    const { issues } = body({ match: { path: 'v1' }, fault: {}, probability: 0 });
    expect(issues.map((issue) => issue.path).sort()).toEqual(['/fault', '/match/path', '/probability']);
  });

  it('validates query parameters as the URL’s text, naming them query.<name>', () => {
    const { query } = operationValidation(validator, 'listRequests');
    expect(query({ status: '503', limit: '20', method: 'POST', other: 'ignored' })).toEqual({
      value: { status: 503, limit: 20, method: 'POST' },
      issues: [],
    });
    const { issues } = query({ status: '5e2', limit: '0', method: 'FETCH', path: 'v1' });
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      'query.limit',
      'query.method',
      'query.path',
      'query.status',
    ]);
    expect(query({ limit: ['1', '2'] }).issues).toEqual([
      { path: 'query.limit', message: 'must be integer' },
    ]);
  });

  it('checks a state document’s size limits before its items', () => {
    const { body } = operationValidation(validator, 'importState');
    const accounts = Array.from({ length: 10_001 }, () => ({}));
    expect(body({ accounts }).issues).toEqual([
      { path: '/accounts', message: 'must NOT have more than 10000 items' },
    ]);
  });

  it('takes a token as the token itself or as its hash, never both', () => {
    const { body } = operationValidation(validator, 'importState');
    const token = { accountId: 1, scopes: ['admin'] };
    expect(body({ tokens: [{ ...token, token: 'secret-token-1' }] }).issues).toEqual([]);
    expect(body({ tokens: [{ ...token, tokenHash: 'a'.repeat(64) }] }).issues).toEqual([]);
    expect(
      body({ tokens: [{ ...token, token: 'secret-token-1', tokenHash: 'a'.repeat(64) }] }).issues,
    ).not.toEqual([]);
    // Named even beside another bad field: the `oneOf` summary is the only issue at its place.
    const both = body({
      tokens: [{ ...token, token: 'secret-token-1', tokenHash: 'a'.repeat(64) }],
      extra: 1,
    });
    expect(both.issues.map((issue) => issue.path)).toEqual(['/extra', '/tokens/0']);
  });

  it('takes an exported agent: the create-agent body with its record’s own fields', () => {
    const { body } = operationValidation(validator, 'importState');
    const agent = {
      id: 3,
      accountId: 1,
      agentReferenceId: '11111111-2222-4333-8444-555555555555',
      name: 'Support',
      description: '',
      instruction: 'Answer politely.',
      intents: [],
      tools: [],
      createdAt: '2025-01-02T03:04:05.000Z',
      updatedAt: '2025-01-02T03:04:05.000Z',
    };
    expect(body({ agents: [agent] }).issues).toEqual([]);
    expect(body({ agents: [{ ...agent, owner: 1 }] }).issues).toEqual([
      { path: '/agents/0/owner', message: 'is not allowed' },
    ]);
  });
});
