import { describe, expect, it } from 'vitest';
import { ContractValidationError } from '../src/index.js';
import {
  ContractValidator,
  chatBodyChecks,
  operationResponse,
  operationValidation,
  parseJsonText,
  platformContract,
} from '../src/validation/index.js';

const validator = new ContractValidator();

describe('operation validation', () => {
  it('accepts integer path parameters in canonical decimal only, naming them path.<name>', () => {
    const { params } = operationValidation(validator, 'updateTranscription');
    expect(params({ id: '7', transcriptionId: '42' })).toEqual({
      value: { id: 7, transcriptionId: 42 },
      issues: [],
    });
    for (const text of ['07', '7.0', '7e0', '0x7', ' 7']) {
      const { issues } = params({ id: text, transcriptionId: '42' });
      expect(issues.map((issue) => issue.path)).toEqual(['path.id']);
    }
  });

  it('lists every bad field of a body with the contract’s wording, JSON-string fields included', () => {
    const { body } = operationValidation(validator, 'createAgent');
    const { issues } = body({ name: '', colour: 'blue', tools: '[{"type":"svc_tool","svc_tool":"maps"}]' });
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['/instruction', '/colour', '/name', '/tools/0/svc_tool']),
    );
    expect(issues.find((issue) => issue.path === '/colour')?.message).toBe('is not allowed');
    expect(issues.find((issue) => issue.path === '/instruction')?.message).toBe('is required');
  });

  it('expands a valid JSON-string field into its structured form', () => {
    const { body } = operationValidation(validator, 'createAgent');
    const { value, issues } = body({ name: 'a', instruction: 'b', tools: '[]' });
    expect(issues).toEqual([]);
    expect(value).toEqual({ name: 'a', instruction: 'b', tools: [] });
  });

  it('lists parse issues first, then the operation’s own checks', () => {
    const models = ['svc-v1-blaze-20250318'];
    const { body } = operationValidation(validator, 'chatRequest', chatBodyChecks(models));
    const earlier = [{ path: '/x', message: 'earlier' }];
    const { issues } = body(
      {
        name: 'n',
        description: '',
        instruction: 'i',
        intents: [],
        model: 'unknown',
        message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      },
      earlier,
    );
    expect(issues[0]).toEqual(earlier[0]);
    expect(issues.map((issue) => issue.path)).toContain('/model');
  });
});

describe('the Idempotency-Key schema', () => {
  it('takes 1–255 visible ASCII characters and nothing else', () => {
    expect(validator.check('IdempotencyKey', 'a8098c1a-f86e-11da-bd1a-00112444be1e').issues).toEqual([]);
    expect(validator.check('IdempotencyKey', 'x'.repeat(255)).issues).toEqual([]);
    for (const bad of ['', 'x'.repeat(256), 'two words', 'caf\u00e9']) {
      expect(validator.check('IdempotencyKey', bad).issues).not.toEqual([]);
    }
  });
});

describe('declared responses', () => {
  it('resolves an operation’s response for a status, with its headers and a schema per media type', () => {
    const created = operationResponse(platformContract, 'createAgent', 201);
    expect(created?.headers).toEqual(['x-request-id', 'server-timing', 'idempotent-replayed']);
    const schema = created?.content['application/json'];
    expect(validator.validate(schema, { success: true }).issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['/message', '/data']),
    );
    const unauthorized = operationResponse(platformContract, 'getAgent', 401);
    expect(unauthorized?.headers).toEqual(['x-request-id', 'www-authenticate']);
    const envelope = { success: false, message: 'Unauthorized access' };
    expect(validator.validate(unauthorized?.content['application/json'], envelope).issues).toEqual([]);
    expect(Object.keys(operationResponse(platformContract, 'chatRequest', 200)?.content ?? {})).toEqual([
      'application/json',
      'text/event-stream',
    ]);
  });

  it('is undefined for a status the operation does not declare', () => {
    expect(operationResponse(platformContract, 'createAgent', 200)).toBeUndefined();
    expect(operationResponse(platformContract, 'getAgent', 418)).toBeUndefined();
  });
});

describe('JSON text', () => {
  it('refuses text nested deeper than the limit before parsing it', () => {
    const deep = `${'['.repeat(65)}${']'.repeat(65)}`;
    expect(() => parseJsonText(deep)).toThrow(ContractValidationError);
  });

  it('reports poisoning keys and lone surrogates as issues beside the value', () => {
    const { issues } = parseJsonText('{"a":{"__proto__":{}},"b":"\\ud800"}');
    expect(issues).toEqual([
      { path: '/a/__proto__', message: 'must not contain "__proto__" or "constructor.prototype" keys' },
      { path: '/b', message: 'must be well-formed Unicode (it has a lone surrogate)' },
    ]);
  });

  it('reports U+0000 in a string or a key, which PostgreSQL cannot store', () => {
    const { issues } = parseJsonText('{"name":"a\\u0000b","tags":{"k\\u0000":1},"ok":"\\u0001"}');
    expect(issues).toEqual([
      { path: '/name', message: 'must not contain U+0000' },
      { path: '/tags/k\u0000', message: 'the key must not contain U+0000' },
    ]);
  });
});
