/**
 * Rules a client can hit that the contracts once stated only in prose, now as schema keywords or
 * documented `x-` extensions, and the runtime reading them from the contracts rather than a copy:
 * a changed contract changes what is enforced.
 */
import { describe, expect, it } from 'vitest';
import { adminContract, adminDocument } from '../src/admin.js';
import { ADMIN_OPERATIONS } from '../src/generated/operations.js';
import { IDEMPOTENCY_KEY_ISSUE_PATH, IDEMPOTENCY_KEY_ISSUES, KNOWN_CHAT_MODELS } from '../src/index.js';
import { openapiDocument } from '../src/openapi-document.js';
import {
  ContractValidator,
  checkAnswerBody,
  checkAnswerHead,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  parseJsonText,
  platformContract,
} from '../src/validation/index.js';

type Node = Record<string, any>;
const schemas = openapiDocument.components.schemas as Node;
const responses = openapiDocument.components.responses as Node;

describe('the platform contract states its JSON text rules (x-json-text)', () => {
  it('declares the depth and U+0000, and the parser enforces exactly those', () => {
    expect(openapiDocument['x-json-text']).toMatchObject({ maxDepth: 64, forbiddenCharacters: ['\u0000'] });
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(parseJsonText('{"name":"a\\u0000b"}').issues).toEqual([
      { path: '/name', message: 'must not contain U+0000' },
    ]);
    expect(parseJsonText('{"a\\u0000":1}').issues).toEqual([
      { path: '/a\u0000', message: 'the key must not contain U+0000' },
    ]);
    expect(() => parseJsonText(`${'['.repeat(65)}${']'.repeat(65)}`)).toThrow();
  });

  it('counts values before parsing: exactly maxValues is parsed, one more is refused naming the place', () => {
    expect(openapiDocument['x-json-text']).toMatchObject({ maxValues: 100_000 });
    expect(MAX_JSON_VALUES).toBe(100_000);
    const issuesOf = (text: string, pointer = '') => {
      try {
        parseJsonText(text, { pointer });
        return [];
      } catch (error) {
        return (error as { issues: unknown[] }).issues;
      }
    };
    // The array and its items: MAX_JSON_VALUES in all, whitespace, strings with commas and
    // brackets, and empty containers counted as the values they are.
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => (i % 3 === 0 ? '"a,[b]{c}"' : i % 3 === 1 ? '{ }' : '[]'));
    expect(issuesOf(`[ ${items(MAX_JSON_VALUES - 1).join(' , ')} ]`)).toEqual([]);
    expect(issuesOf(`[${items(MAX_JSON_VALUES).join(',')}]`)).toEqual([
      { path: '', message: `the JSON holds more than ${MAX_JSON_VALUES} values` },
    ]);
    // An object's keys are not values; its member values are.
    const members = (n: number) => Array.from({ length: n }, (_, i) => `"k${i}":null`).join(',');
    expect(issuesOf(`{${members(MAX_JSON_VALUES - 1)}}`)).toEqual([]);
    expect(issuesOf(`{${members(MAX_JSON_VALUES)}}`, '/tools')).toEqual([
      { path: '/tools', message: `the JSON holds more than ${MAX_JSON_VALUES} values` },
    ]);
    // The place named is the container that took one value too many, keys and indexes decoded.
    const many = `[${Array.from({ length: MAX_JSON_VALUES }, () => '{}').join(',')}]`;
    expect(issuesOf(`{"name":"a","to/ols":[{},{"x":[1,2]}],"t\\u00e9":[{},[0, ${many}]]}`)).toEqual([
      { path: '/t\u00e9/1/1', message: `the JSON holds more than ${MAX_JSON_VALUES} values` },
    ]);
    // What a checker reads from an answer (an embeddings answer's numbers) has no such limit.
    const numbers = `[${Array.from({ length: 2 * MAX_JSON_VALUES }, () => '0.5').join(',')}]`;
    expect((parseJsonText(numbers, { maxValues: Number.POSITIVE_INFINITY }).value as number[]).length).toBe(
      2 * MAX_JSON_VALUES,
    );
  });
});

describe('fields sent as a JSON string name their content (contentSchema)', () => {
  it('declares the schema of each JSON-string branch', () => {
    const branch = (schema: Node, field: string) =>
      (schema.properties[field].oneOf as Node[]).find((each) => each.type === 'string');
    expect(branch(schemas.CreateAgentBody, 'tools')?.contentSchema).toEqual({
      $ref: '#/components/schemas/Tools',
    });
    expect(branch(schemas.ChatRequestBody, 'memoryChat')?.contentSchema).toEqual({
      $ref: '#/components/schemas/MemoryChat',
    });
    expect(branch(schemas.ChatRequestBody, 'reasoning')?.contentSchema).toEqual({
      $ref: '#/components/schemas/Reasoning',
    });
    const stateAgent = adminDocument.components.schemas.StateAgent as Node;
    expect(branch(stateAgent, 'tools')?.contentSchema).toEqual({ $ref: '#/components/schemas/Tools' });
  });

  it('validates a JSON string against its contentSchema, whatever that says', () => {
    const body = { name: 'a', instruction: 'b', tools: '[{"type":"svc_tool","svc_tool":"web_search_tool"}]' };
    expect(new ContractValidator().check('CreateAgentBody', body).issues).toEqual([]);
    const document = structuredClone(openapiDocument) as Node;
    const stringBranch = (document.components.schemas.CreateAgentBody.properties.tools.oneOf as Node[])[1];
    (stringBranch as Node).contentSchema = { type: 'array', maxItems: 0 };
    const changed = new ContractValidator({ ...platformContract, document: document as never });
    expect(changed.check('CreateAgentBody', body).issues).toEqual([
      { path: '/tools', message: 'must NOT have more than 0 items' },
    ]);
  });
});

describe('formats the contract names beyond JSON Schema', () => {
  it('checks a chat fixture pattern as format re2, with the wording given', () => {
    const declared = adminDocument.components.schemas.ChatFixtureMatch as Node;
    expect(declared.properties.messageMatches.format).toBe('re2');
    const re2 = { validate: (text: string) => !text.includes('(?='), message: 'must be RE2' };
    const validator = new ContractValidator(adminContract, { re2 });
    const input = (pattern: string) => ({ match: { messageMatches: pattern }, answer: { content: 'x' } });
    expect(validator.check('ChatFixtureInput', input('par.el')).issues).toEqual([]);
    expect(validator.check('ChatFixtureInput', input('(?=x)')).issues).toEqual([
      { path: '/match/messageMatches', message: 'must be RE2' },
    ]);
  });
});

describe('limits on what the admin API keeps', () => {
  it('bounds fault rules and chat fixtures per account (x-max-per-account)', () => {
    const paths = adminDocument.paths as Record<string, Node>;
    expect(paths['/faults']?.post['x-max-per-account']).toBe(100);
    expect(paths['/chat-fixtures']?.post['x-max-per-account']).toBe(1000);
  });

  it('declares 429 (failed authentications) and 400 on every admin operation', () => {
    const paths = adminDocument.paths as Record<string, Record<string, Node>>;
    for (const operationId of Object.keys(ADMIN_OPERATIONS)) {
      const { method, path } = ADMIN_OPERATIONS[operationId as keyof typeof ADMIN_OPERATIONS];
      const statuses = Object.keys(paths[path]?.[method]?.responses ?? {});
      expect(statuses, operationId).toEqual(expect.arrayContaining(['400', '429']));
    }
  });
});

describe('the known chat models (x-known-models)', () => {
  it('lists the default, and is what the runtime knows', () => {
    expect(schemas.ChatModel['x-known-models']).toContain(schemas.ChatModel.default);
    expect(KNOWN_CHAT_MODELS).toEqual(schemas.ChatModel['x-known-models']);
  });
});

describe('the Idempotency-Key rules as documented answers', () => {
  it("shows each 400 of a key with the runtime's wording, on every operation that takes a key", () => {
    const examples = responses.IdempotentBadRequest.content['application/json'].examples as Node;
    expect(examples.keyReused.value.errors).toEqual([
      { path: IDEMPOTENCY_KEY_ISSUE_PATH, message: IDEMPOTENCY_KEY_ISSUES.reused },
    ]);
    expect(examples.keyOnStream.value.errors).toEqual([
      { path: IDEMPOTENCY_KEY_ISSUE_PATH, message: IDEMPOTENCY_KEY_ISSUES.streamed },
    ]);
    for (const path of ['/agents/create', '/agents/chat/request', '/vectors/embedding'])
      expect((openapiDocument.paths[path] as Node).post.responses['400']).toEqual({
        $ref: '#/components/responses/IdempotentBadRequest',
      });
  });
});

describe('answers to requests no operation takes (x-unmatched-requests)', () => {
  const validator = new ContractValidator();
  it('checks a 405 with Allow as declared, and a 405 without it as not', () => {
    const headers = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r' };
    expect(checkAnswerHead(validator, null, 405, { ...headers, allow: 'POST' }).violations).toEqual([]);
    expect(checkAnswerHead(validator, null, 405, headers).violations.map((v) => v.rule)).toEqual([
      'response-headers',
    ]);
    const body = new TextEncoder().encode('{"success":false,"message":"Method not allowed"}');
    expect(checkAnswerBody(validator, null, 405, headers['content-type'], body)).toEqual([]);
    expect(checkAnswerHead(validator, null, 410, headers).violations.map((v) => v.message)).toEqual([
      'an unknown route does not declare status 410 (it declares 404, 405)',
    ]);
  });
});
