/**
 * What resource methods make of successes without a body and of a stream's error envelope, and of
 * bodies JSON cannot write (error answers that are not JSON: errors.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { AssistantApiError, createAssistantClient, NotFoundError } from '../src/index.js';
import { clientAnswering, json, scriptedFetch } from './helpers/fake-fetch.js';

describe('answer bodies', () => {
  it('reports a success without a body as an error naming the status', async () => {
    const sdk = clientAnswering(() => new Response(null, { status: 204 }));
    const error = await sdk.agents.get(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssistantApiError);
    expect(error).toMatchObject({ status: 204, message: '204 status code (no body)' });
  });

  it('reports an empty 200 the same way', async () => {
    const sdk = clientAnswering(() => new Response('', { status: 200, headers: { 'content-length': '0' } }));
    const error = await sdk.agents.get(1).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 200, message: '200 status code (no body)' });
  });

  it("throws a chat stream's error envelope as its typed error", async () => {
    const sdk = clientAnswering(() => json(404, { success: false, message: 'Resource does not exist' }));
    const error = await sdk.agents
      .chatStream({
        name: 'Support',
        description: 'Answers questions.',
        instruction: 'Answer.',
        intents: [],
        message: { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ message: 'Resource does not exist', requestId: 'req-404' });
  });

  it('throws the TypeError of a body JSON cannot write, before sending anything', async () => {
    const fetch = scriptedFetch(() => json(200, { success: true, message: 'OK', data: {} }));
    const sdk = createAssistantClient({ baseUrl: 'http://api.test/v1', token: 't', fetch });
    const error = await sdk.embeddings
      .create(['hello'], { lang: 1n } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/BigInt/);
    expect(fetch.sent).toHaveLength(0);
  });
});
