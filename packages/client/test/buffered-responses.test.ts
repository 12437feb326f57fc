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

describe('a buffered answer behaves as a Response', () => {
  const text = envelope({ success: true, message: 'Grüße', data: agent });

  it('reads its body once, by any reader, as Response does', async () => {
    const answer = bufferedResponse(text, { status: 200, headers: jsonHeaders });
    expect(answer).toBeInstanceOf(Response);
    expect(answer.bodyUsed).toBe(false);
    expect(await answer.clone().text()).toBe(text);
    expect(new Uint8Array(await answer.clone().arrayBuffer())).toEqual(new TextEncoder().encode(text));
    expect(
      await answer
        .clone()
        .blob()
        .then((blob) => blob.text()),
    ).toBe(text);
    expect(await answer.json()).toEqual(JSON.parse(text));
    expect(answer.bodyUsed).toBe(true);
    await expect(answer.text()).rejects.toThrow(TypeError);
    expect(() => answer.clone()).toThrow(TypeError);
  });

  it('gives its body as a stream when asked, and is then read through it', async () => {
    const answer = bufferedResponse(text, { status: 201, statusText: 'Created', headers: jsonHeaders });
    expect(answer.status).toBe(201);
    expect(answer.statusText).toBe('Created');
    expect(answer.headers.get('x-request-id')).toBe('req-buffered');
    const streamed = await new Response(answer.body).text();
    expect(streamed).toBe(text);
    expect(answer.bodyUsed).toBe(true);
    await expect(answer.text()).rejects.toThrow(TypeError);
  });

  it('types a text body as Response does, and refuses a body where a status has none', () => {
    expect(bufferedResponse('plain').headers.get('content-type')).toBe(
      new Response('plain').headers.get('content-type'),
    );
    expect(bufferedResponse(new Uint8Array([1])).headers.get('content-type')).toBeNull();
    expect(bufferedResponse(null, { status: 204 }).body).toBeNull();
    expect(() => bufferedResponse('x', { status: 204 })).toThrow(TypeError);
  });

  it("is what a call's response is once the SDK read it, with the same status, headers and URL", async () => {
    const answer = new Response(text, { status: 200, headers: jsonHeaders });
    Object.defineProperty(answer, 'url', { value: `${baseUrl}/agents/view/7` });
    const seen: Response[] = [];
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch: scriptedFetch(() => answer) });
    // A middleware may read the answer too (a clone), before openapi-fetch parses it.
    sdk.use({
      async onResponse({ response }) {
        seen.push(response);
        expect(await response.clone().json()).toEqual(JSON.parse(text));
      },
    });
    const { data, response } = await sdk.agents.get.withResponse(7);
    expect(data).toEqual(agent);
    expect(seen).toEqual([response]);
    expect(response.url).toBe(`${baseUrl}/agents/view/7`);
    expect(response.headers.get('x-request-id')).toBe('req-buffered');
    expect(response.bodyUsed).toBe(true);
  });
});
