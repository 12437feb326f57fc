/**
 * `response_format` through the adapter: the schema is checked before the upstream is called, and
 * the upstream's answer is checked against it (one retry) before it is reported as success.
 */
import type { ResponseFormat } from '@assistant-platform/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  answersInTurn,
  answerWith,
  chunk,
  type FakeUpstream,
  sendSse,
  startFakeUpstream,
} from '../../src/testing/index.js';
import { callOptions, chatEngineAt, chatRequest, collect, rejection } from './helpers.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => {
  upstream.received.length = 0;
});

const TRIAGE = {
  type: 'object',
  properties: {
    ticket: { type: 'string', pattern: '^T-[0-9]{4}$' },
    priority: { enum: ['low', 'high'] },
    due: { type: 'string', format: 'date' },
  },
  required: ['ticket', 'priority'],
  additionalProperties: false,
};
const VALID = '{"ticket":"T-0042","priority":"high","due":"2026-03-01"}';

const structured = (schema: object = TRIAGE) =>
  chatRequest({
    response_format: { type: 'json_schema', json_schema: { name: 'triage', schema } } as ResponseFormat,
  });

const setup = () => chatEngineAt(upstream.url);

describe('OpenAI chat adapter: response_format schemas the offline engine would refuse', () => {
  it.each([
    [
      'an unsupported keyword',
      { type: 'object', not: { required: ['x'] } },
      '/not',
      'unsupported keyword "not"',
    ],
    ['a broken $ref', { $ref: '#/$defs/missing' }, '/$ref', undefined],
  ])('answers 400 for %s and never calls the upstream', async (_name, schema, pointer, message) => {
    for (const call of ['complete', 'stream'] as const) {
      const error = await rejection(setup().engine[call](structured(schema), callOptions()));
      expect(error.status).toBe(400);
      const issue = error.details.issues?.[0];
      expect(issue?.path).toBe(`/response_format/json_schema/schema${pointer}`);
      if (message) expect(issue?.message).toBe(message);
    }
    expect(upstream.received).toHaveLength(0);
  });

  it('answers 400 for a pattern that cannot be matched in linear time, before calling the upstream', async () => {
    const schema = { type: 'object', properties: { word: { type: 'string', pattern: '^(\\w)\\1$' } } };
    const error = await rejection(setup().engine.complete(structured(schema), callOptions()));
    expect(error.status).toBe(400);
    expect(error.details.issues?.[0]?.path).toBe('/response_format/json_schema/schema');
    expect(upstream.received).toHaveLength(0);
  });
});

// The offline engine (in this thread) measures each schema against max_tokens: its tokenizer loads
// on the first, which a loaded machine can take seconds over.
describe('OpenAI chat adapter: checking the answer against response_format', { timeout: 60_000 }, () => {
  it('returns an answer that matches the schema, asking once', async () => {
    upstream.handle(answerWith(VALID));
    const answer = await setup().engine.complete(structured(), callOptions());
    expect(answer).toMatchObject({ content: VALID, finishReason: 'stop' });
    expect(upstream.received).toHaveLength(1);
  });

  it.each([
    ['text that is not JSON', 'Sure! Here is your JSON: {"ticket":'],
    ['JSON that breaks a pattern', '{"ticket":"42","priority":"high"}'],
    ['JSON that breaks a format', '{"ticket":"T-0042","priority":"low","due":"tomorrow"}'],
    ['JSON missing a required property', '{"ticket":"T-0042"}'],
  ])('asks again after %s, and returns the valid second answer', async (_name, bad) => {
    upstream.handle(answersInTurn([bad, VALID]));
    const { engine, logger } = setup();
    const answer = await engine.complete(structured(), callOptions());
    expect(answer.content).toBe(VALID);
    expect(upstream.received).toHaveLength(2);
    expect(upstream.received[1]?.body).toEqual(upstream.received[0]?.body);
    expect(logger.lines.some((line) => line.level === 'warn' && line.obj.attempt === 1)).toBe(true);
  });

  it('fails with a 500 (logged with the reason) when the second answer misses the schema too', async () => {
    upstream.handle(answersInTurn(['{"ticket":"T-1","priority":"urgent"}']));
    const { engine, logger } = setup();
    const error = await rejection(engine.complete(structured(), callOptions()));
    expect(error.status).toBe(500);
    expect(error.message).toBe("The model server's answer did not match response_format");
    expect(upstream.received).toHaveLength(2);
    const logged = logger.lines.find((line) => line.level === 'error');
    expect(String(logged?.obj.problem)).toContain('/ticket');
  });

  it('passes an answer cut by max_tokens through as length, unchecked and not retried', async () => {
    upstream.handle(answerWith('{"ticket":"T-00', 'length'));
    const answer = await setup().engine.complete(structured(), callOptions());
    expect(answer).toMatchObject({ content: '{"ticket":"T-00', finishReason: 'length' });
    expect(upstream.received).toHaveLength(1);
  });

  it('checks each property against its own pattern', async () => {
    const schema = {
      type: 'object',
      properties: {
        ticket: { type: 'string', pattern: '^T-[0-9]{4}$' },
        zip: { type: 'string', pattern: '^[0-9]{5}$' },
      },
    };
    upstream.handle(answerWith('{"ticket":"T-0042","zip":"12345"}'));
    const answer = await setup().engine.complete(structured(schema), callOptions());
    expect(answer.content).toBe('{"ticket":"T-0042","zip":"12345"}');
    upstream.handle(answerWith('{"ticket":"T-0042","zip":"T-0042"}'));
    const error = await rejection(setup().engine.complete(structured(schema), callOptions()));
    expect(error.status).toBe(500);
  });

  it('matches a catastrophic-backtracking pattern in linear time', async () => {
    const schema = { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } } };
    // A backtracking engine would take far longer than the test timeout on this string.
    upstream.handle(answerWith(JSON.stringify({ word: `${'a'.repeat(5000)}!` })));
    const error = await rejection(setup().engine.complete(structured(schema), callOptions()));
    expect(error.status).toBe(500);
    expect(upstream.received).toHaveLength(2);
  });
});

describe('OpenAI chat adapter: streaming with response_format', { timeout: 60_000 }, () => {
  it('reads the upstream stream whole and streams the answer, once checked, as one delta', async () => {
    upstream.handle((_request, res) =>
      sendSse(res, [chunk(VALID.slice(0, 12)), chunk(VALID.slice(12)), chunk(undefined, 'stop')]),
    );
    const events = await collect(await setup().engine.stream(structured(), callOptions()));
    expect(events).toEqual([
      { type: 'delta', content: VALID },
      { type: 'end', finishReason: 'stop', matchedStop: -1 },
    ]);
    expect(upstream.only().body.stream).toBe(true);
  });

  it('fails before the stream starts when both answers miss the schema', async () => {
    upstream.handle(answersInTurn(['not json']));
    const error = await rejection(setup().engine.stream(structured(), callOptions()));
    expect(error.status).toBe(500);
    expect(upstream.received).toHaveLength(2);
  });

  it('streams a cut answer with finish_reason length', async () => {
    upstream.handle(answerWith('{"tick', 'length'));
    const events = await collect(await setup().engine.stream(structured(), callOptions()));
    expect(events.at(-1)).toEqual({ type: 'end', finishReason: 'length', matchedStop: -1 });
  });
});
