/** What the SDK puts on the wire: auth, headers, paths and complete chat bodies. */
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import { describe, expect, it } from 'vitest';
import { createAssistantClient, type FetchLike } from '../src/index.js';
import { fetchFrom, ok, scriptedFetch } from './helpers/fake-fetch.js';

const baseUrl = 'http://api.test/v1';
const chatBody = {
  name: 'Support',
  description: 'Answers questions.',
  instruction: 'Answer politely.',
  intents: ['refund'],
  message: { role: 'user' as const, content: [{ type: 'text' as const, text: 'Hello' }] },
};

describe('requests', () => {
  it('sends the token as a bearer credential with the client and call headers', async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, token: 'secret', fetch, headers: { 'x-team': 'web' } });
    await sdk.agents.get('3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f', { headers: { 'x-request-id': 'mine' } });
    const [sent] = fetch.sent;
    expect(sent?.method).toBe('GET');
    expect(sent?.url).toBe(`${baseUrl}/agents/view/3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f`);
    expect(sent?.headers.get('authorization')).toBe('Bearer secret');
    expect(sent?.headers.get('x-team')).toBe('web');
    expect(sent?.headers.get('x-request-id')).toBe('mine');
  });

  it("lets a call's headers override the client's, and keeps them to that call", async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, token: 'secret', fetch, headers: { 'x-team': 'web' } });
    await sdk.agents.get(1, { headers: { 'x-team': 'mobile', authorization: 'Bearer other' } });
    await sdk.agents.get(1);
    await sdk.agents.create({ name: 'Support', instruction: 'Answer.' }, { headers: { 'x-trace': 'a' } });
    await sdk.agents.create({ name: 'Support', instruction: 'Answer.' });
    const seen = fetch.sent.map((sent) => Object.fromEntries(sent.headers));
    const key = expect.stringMatching(/^[0-9a-f-]{36}$/);
    expect(seen).toEqual([
      { authorization: 'Bearer other', 'x-team': 'mobile' },
      { authorization: 'Bearer secret', 'x-team': 'web' },
      {
        authorization: 'Bearer secret',
        'x-team': 'web',
        'content-type': 'application/json',
        'x-trace': 'a',
        'idempotency-key': key,
      },
      {
        authorization: 'Bearer secret',
        'x-team': 'web',
        'content-type': 'application/json',
        'idempotency-key': key,
      },
    ]);
  });

  it("puts getToken's token over a call's authorization header", async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, fetch, getToken: () => 'fresh' });
    await sdk.agents.get(1, { headers: { authorization: 'Bearer stale', 'x-trace': 'a' } });
    expect(Object.fromEntries(fetch.sent[0]!.headers)).toEqual({
      authorization: 'Bearer fresh',
      'x-trace': 'a',
    });
  });

  it('fills path parameters of resource methods and of the raw client alike, under a base URL ending in /', async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl: `${baseUrl}/`, token: 't', fetch });
    await sdk.agents.get('a b/c');
    await sdk.raw.GET('/agents/view/{id}', { params: { path: { id: 'a b/c' } } });
    expect(fetch.sent.map((sent) => sent.url)).toEqual([
      `${baseUrl}/agents/view/a%20b%2Fc`,
      `${baseUrl}/agents/view/a%20b%2Fc`,
    ]);
  });

  it('sends JSON bodies with their content type', async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await sdk.agents.create({ name: 'Support', instruction: 'Answer.' });
    await sdk.agents.create(
      { name: 'Support', instruction: 'Answer.' },
      { headers: { 'content-type': 'application/json; charset=utf-8' } },
    );
    expect(
      fetch.sent.map((sent) => [sent.method, sent.headers.get('content-type'), JSON.parse(sent.body)]),
    ).toEqual([
      ['POST', 'application/json', { name: 'Support', instruction: 'Answer.' }],
      ['POST', 'application/json; charset=utf-8', { name: 'Support', instruction: 'Answer.' }],
    ]);
  });

  it("sends the client's headers and token from the raw client too", async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, token: 'secret', fetch, headers: { 'x-team': 'web' } });
    await sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '1' } }, headers: { 'x-trace': 'a' } });
    expect(Object.fromEntries(fetch.sent[0]!.headers)).toEqual({
      authorization: 'Bearer secret',
      'x-team': 'web',
      'x-trace': 'a',
    });
  });

  it("shows the raw client's middleware the request body", async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    const seen: string[] = [];
    sdk.raw.use({
      async onRequest({ request }) {
        seen.push(await request.clone().text());
      },
    });
    await sdk.raw.POST('/agents/create', { body: { name: 'Support', instruction: 'Answer.' } });
    expect(seen).toEqual([JSON.stringify({ name: 'Support', instruction: 'Answer.' })]);
    expect(fetch.sent[0]?.body).toBe(seen[0]);
  });

  it('calls an injected fetch with the URL and an init carrying the body as text', async () => {
    const calls: [unknown, RequestInit | undefined][] = [];
    const fetch: FetchLike = async (input, init) => {
      calls.push([input, init]);
      return ok({ id: 1 });
    };
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await sdk.agents.create({ name: 'Support', instruction: 'Answer.' });
    const [input, init] = calls[0]!;
    expect(input).toBe(`${baseUrl}/agents/create`);
    expect(init).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ name: 'Support', instruction: 'Answer.' }),
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("passes a raw call's request options on to fetch", async () => {
    const seen: Request[] = [];
    const sdk = createAssistantClient({
      baseUrl,
      token: 't',
      fetch: fetchFrom((request) => {
        seen.push(request);
        return ok({ id: 1 });
      }),
    });
    await sdk.raw.GET('/agents/view/{id}', {
      params: { path: { id: '1' } },
      credentials: 'include',
      cache: 'no-store',
      redirect: 'error',
    });
    expect(seen[0]).toMatchObject({ credentials: 'include', cache: 'no-store', redirect: 'error' });
  });

  it('asks getToken for a token on every call', async () => {
    let issued = 0;
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl, fetch, getToken: async () => `token-${++issued}` });
    await sdk.agents.get(1);
    await sdk.agents.get(1);
    expect(fetch.sent.map((sent) => sent.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('fills every default the contract declares for a chat request', async () => {
    const fetch = scriptedFetch(() => ok({ request: [] }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await sdk.agents.chat(chatBody);
    const sent = JSON.parse(fetch.sent[0]!.body);
    const schema = openapiDocument.components.schemas.ChatRequestBody as {
      properties: Record<string, { default?: unknown; $ref?: string }>;
    };
    const declared = Object.entries(schema.properties).flatMap(([name, property]) => {
      const target = property.$ref
        ? (openapiDocument.components.schemas as Record<string, { default?: unknown }>)[
            property.$ref.split('/').pop()!
          ]
        : property;
      return target?.default === undefined ? [] : [[name, target.default] as const];
    });
    expect(declared.map(([name]) => name)).toEqual([
      'model',
      'temperature',
      'top_p',
      'max_tokens',
      'frequency_penalty',
      'presence_penalty',
      'seed',
      'stream',
    ]);
    expect(sent).toEqual({ ...Object.fromEntries(declared), ...chatBody });
  });

  it("keeps the caller's values over the defaults", async () => {
    const fetch = scriptedFetch(() => ok({ request: [] }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await sdk.agents.chat({ ...chatBody, temperature: 1.2, seed: 7 });
    expect(JSON.parse(fetch.sent[0]!.body)).toMatchObject({ temperature: 1.2, seed: 7, stream: false });
  });

  it('wraps the transcript in the body and puts both ids in the path', async () => {
    const fetch = scriptedFetch(() => ok({ id: 42 }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await sdk.transcriptions.update(7, 42, { filename: 'call.mp3', transcript: 'Hello' });
    expect(fetch.sent[0]).toMatchObject({
      method: 'PATCH',
      url: `${baseUrl}/transcribe/workspace/7/transcriptions/42`,
    });
    expect(JSON.parse(fetch.sent[0]!.body)).toEqual({
      transcript: { filename: 'call.mp3', transcript: 'Hello' },
    });
  });

  it('sends sentences with the optional language and model', async () => {
    const fetch = scriptedFetch(() => ok({ embeddings: [[1]] }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await sdk.embeddings.create(['Wo ist mein Paket?'], { lang: 'de' });
    expect(JSON.parse(fetch.sent[0]!.body)).toEqual({ sentences: ['Wo ist mein Paket?'], lang: 'de' });
  });

  it('returns data, response and request id from withResponse()', async () => {
    const fetch = scriptedFetch(() => ok({ embeddings: [[0.6, 0.8]] }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    const result = await sdk.embeddings.create.withResponse(['x']);
    expect(result.data).toEqual({ embeddings: [[0.6, 0.8]] });
    expect(result.response.status).toBe(200);
    expect(result.requestId).toBe('req-200');
  });
});
