import { describe, expect, it } from 'vitest';
import {
  type AnswerHeaders,
  ContractValidator,
  checkAnswerBody,
  checkAnswerHead,
  operationMatcher,
  platformContract,
  requestChecks,
  StreamCheck,
} from '../src/validation/index.js';

const validator = new ContractValidator();
const bytes = (value: unknown) =>
  new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const json = {
  'content-type': 'application/json; charset=utf-8',
  'x-request-id': 'r-1',
} satisfies AnswerHeaders;
const rules = (violations: { rule: string }[]) => violations.map((v) => v.rule);

const agent = {
  id: 1,
  agentReferenceId: '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f',
  name: 'Support',
  description: '',
  instruction: 'Be brief.',
  status: 'ACTIVE',
  createdAt: '2025-03-18T10:00:00.000Z',
  updatedAt: '2025-03-18T10:00:00.000Z',
  intents: [],
  knowledgeBaseId: null,
  tools: [],
};

describe('operationMatcher', () => {
  const match = operationMatcher(platformContract);

  it('finds the operation and its decoded path parameters, and the methods a path answers otherwise', () => {
    expect(match('GET', '/agents/view/a%2Db').match).toEqual({
      operationId: 'getAgent',
      params: { id: 'a-b' },
    });
    expect(match('POST', '/agents/create').match?.operationId).toBe('createAgent');
    expect(match('GET', '/agents/create')).toEqual({ match: undefined, methods: ['POST'] });
    expect(match('GET', '/agents/view/1/more').match).toBeUndefined();
  });
});

describe('requestChecks', () => {
  const check = requestChecks(validator);
  const token = { authorization: 'Bearer abc', 'content-type': 'application/json' };

  it('passes a valid request', () => {
    const body = bytes({ name: 'a', instruction: 'b' });
    const found = check({ method: 'POST', path: '/agents/create', query: '', headers: token, body });
    expect(found.operation?.operationId).toBe('createAgent');
    expect(found.violations).toEqual([]);
  });

  it('names an unknown route, a missing token, bad parameters and a bad body, once each', () => {
    expect(
      rules(
        check({ method: 'GET', path: '/nowhere', query: '', headers: token, body: undefined }).violations,
      ),
    ).toEqual(['request-route']);
    const bad = check({
      method: 'PATCH',
      path: '/transcribe/workspace/07/transcriptions/42',
      query: '',
      headers: { 'content-type': 'application/json' },
      body: bytes({ transcript: 'x', colour: 1 }),
    });
    expect(rules(bad.violations)).toEqual(['request-authorization', 'request-parameters', 'request-body']);
    expect(bad.violations[1]?.issues).toEqual([{ path: 'path.id', message: expect.any(String) }]);
    expect(bad.violations[2]?.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['/colour']));
    const text = check({
      method: 'POST',
      path: '/agents/create',
      query: '',
      headers: { ...token, 'content-type': 'text/plain' },
      body: bytes('{}'),
    });
    expect(text.violations[0]?.issues).toEqual([
      { path: 'header.content-type', message: 'must be application/json' },
    ]);
  });
});

describe('requestChecks of header parameters', () => {
  const check = requestChecks(validator);
  const create = (headers: Record<string, string | string[]>) =>
    check({
      method: 'POST',
      path: '/agents/create',
      query: '',
      headers: { authorization: 'Bearer abc', 'content-type': 'application/json', ...headers },
      body: bytes({ name: 'a', instruction: 'b' }),
    }).violations;

  it('flags an Idempotency-Key the contract refuses, named as the server names it', () => {
    expect(create({ 'idempotency-key': 'good-key-1' })).toEqual([]);
    for (const key of ['', 'has space', 'x'.repeat(256), 'é']) {
      const violations = create({ 'idempotency-key': key });
      expect(rules(violations), JSON.stringify(key)).toEqual(['request-parameters']);
      expect(new Set(violations[0]?.issues?.map((issue) => issue.path))).toEqual(
        new Set(['header.idempotency-key']),
      );
    }
  });

  it('checks a repeated header as Node joins it, and ignores headers the operation does not declare', () => {
    expect(rules(create({ 'idempotency-key': ['a', 'b'] }))).toEqual(['request-parameters']);
    expect(create({ 'x-anything': 'has space' })).toEqual([]);
  });
});

describe('checkAnswerHead', () => {
  it('passes a declared status with its media type and required headers', () => {
    expect(checkAnswerHead(validator, 'getAgent', 200, json)).toEqual({ violations: [], stream: undefined });
    const limited = {
      ...json,
      'retry-after': '1',
      'ratelimit-limit': '600',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '3',
    };
    expect(checkAnswerHead(validator, 'getAgent', 429, limited).violations).toEqual([]);
  });

  it('reports an undeclared status and nothing else about it', () => {
    const { violations } = checkAnswerHead(validator, 'getAgent', 418, { 'content-type': 'text/html' });
    expect(violations).toEqual([
      {
        rule: 'response-status',
        message: expect.stringContaining('getAgent does not declare status 418'),
        issues: [],
      },
    ]);
  });

  it('reports a media type the status does not declare, and bad or missing headers in one violation', () => {
    const { violations } = checkAnswerHead(validator, 'getAgent', 429, {
      'content-type': 'text/html',
      'ratelimit-limit': 'many',
    });
    expect(rules(violations)).toEqual(['response-content-type', 'response-headers']);
    expect(violations[1]?.issues).toEqual(
      expect.arrayContaining([
        { path: 'header.x-request-id', message: 'is required' },
        { path: 'header.retry-after', message: 'is required' },
        { path: 'header.ratelimit-limit', message: expect.stringContaining('integer') },
      ]),
    );
  });

  it('gives the declared events of a streamed chat', () => {
    const { violations, stream } = checkAnswerHead(validator, 'chatRequest', 200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'x-request-id': 'r',
    });
    expect(violations).toEqual([]);
    expect(stream?.done).toBe('[DONE]');
    expect(Object.keys(stream?.events ?? {})).toEqual(['message', 'error']);
  });

  it('expects the 404 envelope for a request no operation matches', () => {
    expect(checkAnswerHead(validator, null, 404, json).violations).toEqual([]);
    expect(rules(checkAnswerHead(validator, null, 200, json).violations)).toEqual(['response-status']);
  });
});

describe('checkAnswerBody', () => {
  const envelope = { success: true, message: 'Agents retrieved successfully', data: agent };

  it('passes the declared envelope and schema', () => {
    expect(checkAnswerBody(validator, 'getAgent', 200, json['content-type'], bytes(envelope))).toEqual([]);
    const notFound = { success: false, message: 'Resource does not exist' };
    expect(checkAnswerBody(validator, null, 404, json['content-type'], bytes(notFound))).toEqual([]);
  });

  it("passes either of the 429's texts, the rate limit's and the busy server's, and no other", () => {
    const answer = (message: string) =>
      checkAnswerBody(
        validator,
        'chatRequest',
        429,
        json['content-type'],
        bytes({ success: false, message }),
      );
    expect(answer('Rate limit exceeded. Please try again later.')).toEqual([]);
    expect(answer('The server is busy with your earlier requests. Please try again later.')).toEqual([]);
    expect(rules(answer('Slow down'))).toEqual(['response-body']);
  });

  it('reports a body that is not the envelope as that alone', () => {
    for (const body of [{ agent }, [1], 'not json', { success: false, message: 'x', data: agent }]) {
      const violations = checkAnswerBody(validator, 'getAgent', 200, json['content-type'], bytes(body));
      expect(rules(violations), JSON.stringify(body)).toEqual(['response-envelope']);
    }
  });

  it('reports an envelope whose fields break the schema, every bad field listed', () => {
    const body = { ...envelope, data: { ...agent, id: 'one', colour: 'blue' } };
    const [found, ...rest] = checkAnswerBody(validator, 'getAgent', 200, json['content-type'], bytes(body));
    expect(rest).toEqual([]);
    expect(found?.rule).toBe('response-body');
    expect(found?.message).toMatch(/^the body does not match GetAgentResponse: /);
    expect(found?.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['/data/id', '/data/colour']),
    );
  });

  it('checks only the envelope of an undeclared status, and leaves other media types alone', () => {
    expect(
      checkAnswerBody(
        validator,
        'getAgent',
        418,
        json['content-type'],
        bytes({ success: false, message: 'teapot' }),
      ),
    ).toEqual([]);
    expect(checkAnswerBody(validator, 'getAgent', 502, 'text/html', bytes('<h1>Bad gateway</h1>'))).toEqual(
      [],
    );
  });
});

describe('StreamCheck', () => {
  const spec = checkAnswerHead(validator, 'chatRequest', 200, {
    'content-type': 'text/event-stream',
    'x-request-id': 'r',
  }).stream;
  if (!spec) throw new Error('the chat stream declares no x-event-stream');
  const chunk = (content: string) =>
    JSON.stringify({
      object: 'chat.request.chunk',
      created: 1,
      model: 'm',
      request: [{ index: 0, delta: { content }, finish_reason: null, matched_stop: null }],
    });

  it('passes a complete stream, and one ended by a terminal error event', () => {
    const done = new StreamCheck(validator, spec);
    done.event(undefined, chunk('Hi'));
    done.event(undefined, '[DONE]');
    expect(done.end()).toEqual([]);
    const failed = new StreamCheck(validator, spec);
    failed.event(undefined, chunk('Hi'));
    failed.event('error', '{"success":false,"message":"Internal server error"}');
    expect(failed.end()).toEqual([]);
  });

  it('reports bad events once, with the first one’s issues and how many more there were', () => {
    const check = new StreamCheck(validator, spec);
    check.event(undefined, chunk('a'));
    check.event(undefined, '{"object":"chat.request.chunk"}');
    check.event(undefined, 'not json');
    check.event('ping', '{}');
    check.event(undefined, '[DONE]');
    check.event(undefined, chunk('late'));
    const [bad, ...rest] = check.end();
    expect(rest).toEqual([]);
    expect(bad?.rule).toBe('stream-event');
    expect(bad?.message).toMatch(/^event 2 of 6 does not match ChatStreamChunk: .* \(3 more bad events\)$/);
    expect(bad?.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['/created', '/model', '/request']),
    );
  });

  it('reports a stream that stops without [DONE] or a terminal error event', () => {
    const check = new StreamCheck(validator, spec);
    check.event(undefined, chunk('a'));
    expect(check.end()).toEqual([
      {
        rule: 'stream-end',
        message: 'the stream ended after 1 events without `data: [DONE]` or a terminal `event: error`',
        issues: [],
      },
    ]);
  });
});
