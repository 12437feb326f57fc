/**
 * A custom `fetch` that reads answers whole itself returns them with `bufferedResponse`: the SDK
 * hands such an answer on as it is (no second read into a copy), with the same typed results,
 * errors and retries as any other answer.
 */
import { describe, expect, it } from 'vitest';
import { bufferedResponse, createAssistantClient, NotFoundError } from '../src/index.js';
import { scriptedFetch } from './helpers/fake-fetch.js';

const baseUrl = 'http://api.test/v1';
const agent = { id: 7, name: 'Support', instruction: 'Answer.' };
const envelope = (body: unknown) => JSON.stringify(body);
const jsonHeaders = { 'content-type': 'application/json', 'x-request-id': 'req-buffered' };

describe('buffered answers from a custom fetch', () => {
  it('hands a buffered answer to openapi-fetch as the fetch returned it', async () => {
    const answer = bufferedResponse(envelope({ success: true, message: 'OK', data: agent }), {
      status: 200,
      headers: jsonHeaders,
    });
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch: scriptedFetch(() => answer) });
    const { data, response } = await sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '7' } } });
    expect(response).toBe(answer);
    expect(data).toEqual({ success: true, message: 'OK', data: agent });
  });

  it('copies an ordinary answer after reading it whole, as before', async () => {
    const answer = new Response(envelope({ success: true, message: 'OK', data: agent }), {
      status: 200,
      headers: jsonHeaders,
    });
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch: scriptedFetch(() => answer) });
    const { data, response } = await sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '7' } } });
    expect(response).not.toBe(answer);
    expect(data).toEqual({ success: true, message: 'OK', data: agent });
  });

  it('reads bytes and text bodies alike, and types an error answer as any other', async () => {
    const bytes = new TextEncoder().encode(envelope({ success: true, message: 'OK', data: agent }));
    const missing = envelope({ success: false, message: 'Resource does not exist' });
    const fetch = scriptedFetch(
      () => bufferedResponse(bytes, { status: 200, headers: jsonHeaders }),
      () => bufferedResponse(missing, { status: 404, headers: jsonHeaders }),
    );
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await expect(sdk.agents.get(7)).resolves.toEqual(agent);
    const error = await sdk.agents.get(8).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, requestId: 'req-buffered' });
  });

  it('retries a buffered 503 and returns the next answer', async () => {
    const fetch = scriptedFetch(
      () =>
        bufferedResponse(envelope({ success: false, message: 'Service unavailable' }), {
          status: 503,
          headers: { ...jsonHeaders, 'retry-after': '0' },
        }),
      () =>
        bufferedResponse(envelope({ success: true, message: 'OK', data: agent }), {
          status: 200,
          headers: jsonHeaders,
        }),
    );
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch, maxRetries: 1 });
    await expect(sdk.agents.get(7)).resolves.toEqual(agent);
    expect(fetch.sent).toHaveLength(2);
  });
});
