import { describe, expect, it } from 'vitest';
import { createScriptedChatEngine } from '../../src/scripted-chat/scripted-chat-engine.js';
import { EngineError } from '../../src/types.js';
import { engineRequest } from '../helpers/engine-request.js';

const options = { signal: new AbortController().signal, requestId: 'test' };

async function streamed(engine: ReturnType<typeof createScriptedChatEngine>, request = engineRequest()) {
  const deltas: string[] = [];
  let end: unknown;
  for await (const event of await engine.stream(request, options)) {
    if (event.type === 'delta') deltas.push(event.content);
    else end = event;
  }
  return { deltas, end };
}

describe('the scripted chat engine', () => {
  it('answers the scripted text whole, and streamed in token pieces that add up to it', async () => {
    const engine = createScriptedChatEngine({ content: 'Your parcel left the warehouse this morning.' });
    const whole = await engine.complete(engineRequest(), options);
    expect(whole).toMatchObject({
      content: 'Your parcel left the warehouse this morning.',
      finishReason: 'stop',
    });
    const { deltas, end } = await streamed(engine);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(whole.content);
    expect(end).toMatchObject({ type: 'end', finishReason: 'stop', matchedStop: whole.matchedStop });
  });

  it('cuts the text at max_tokens and says so', async () => {
    const engine = createScriptedChatEngine({ content: 'one two three four five six seven eight' });
    const answer = await engine.complete(engineRequest({ max_tokens: 3 }), options);
    expect(answer.finishReason).toBe('length');
    expect(answer.matchedStop).toBe(-1);
    expect(answer.content.length).toBeLessThan('one two three four five six seven eight'.length);
  });

  it('keeps the finish reason the script gives', async () => {
    const engine = createScriptedChatEngine({ content: 'A short answer', finishReason: 'length' });
    const answer = await engine.complete(engineRequest(), options);
    expect(answer).toMatchObject({ content: 'A short answer', finishReason: 'length', matchedStop: -1 });
  });

  const schema = {
    type: 'object',
    properties: { sentiment: { type: 'string', enum: ['positive', 'negative'] } },
    required: ['sentiment'],
    additionalProperties: false,
  };
  const structured = engineRequest({
    response_format: { type: 'json_schema', json_schema: { name: 'triage', schema } },
  });

  it('sends a json answer as its JSON text when it is valid against the response schema', async () => {
    const engine = createScriptedChatEngine({ json: { sentiment: 'positive' } });
    expect((await engine.complete(structured, options)).content).toBe('{"sentiment":"positive"}');
  });

  it('refuses a json answer the response schema does not allow: 400 naming the schema', async () => {
    const engine = createScriptedChatEngine({ json: { sentiment: 'confused' } });
    const error = await engine.complete(structured, options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).status).toBe(400);
    expect((error as EngineError).details.issues?.[0]?.path).toBe('/response_format/json_schema/schema');
  });
});
