/**
 * Middleware added with `client.use()` (openapi-fetch's own middleware) sees every call: each resource
 * method's, chat streams included, and `raw`'s. It sees a call once; retries happen below it.
 */
import { describe, expect, it } from 'vitest';
import { APIConnectionError, type ChatInput, createAssistantClient, type Middleware } from '../src/index.js';
import { json, ok, scriptedFetch, sse } from './helpers/fake-fetch.js';

const baseUrl = 'http://api.test/v1';
const chatBody: ChatInput = {
  name: 'Support',
  description: 'Answers questions.',
  instruction: 'Answer politely.',
  intents: [],
  message: { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
};

/** Answers a stream request with an event stream, anything else with a success envelope. */
const answering = () =>
  scriptedFetch((request) =>
    request.headers.get('accept') === 'text/event-stream' ? sse(['data: [DONE]\n\n']) : ok({ id: 1 }),
  );

/** A middleware that writes down what it sees. */
function recorder() {
  const seen: string[] = [];
  const middleware: Middleware = {
    onRequest({ request, schemaPath, options }) {
      seen.push(`${request.method} ${schemaPath} as ${options.parseAs}`);
    },
    onResponse({ response }) {
      seen.push(`answered ${response.status}`);
    },
  };
  return { seen, middleware };
}

describe('middleware', () => {
  it("sees every resource method's call and answer, a chat stream's too, and raw calls", async () => {
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch: answering() });
    const { seen, middleware } = recorder();
    sdk.use(middleware);
    await sdk.agents.create({ name: 'Support', instruction: 'Answer.' });
    await sdk.agents.get(1);
    await sdk.agents.chat(chatBody);
    await (await sdk.agents.chatStream(chatBody)).text().catch(() => {});
    await sdk.transcriptions.update(7, 42, { filename: 'call.mp3', transcript: 'Hello' });
    await sdk.embeddings.create(['Hello']);
    await sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '1' } } });
    expect(seen).toEqual([
      'POST /agents/create as json',
      'answered 200',
      'GET /agents/view/{id} as json',
      'answered 200',
      'POST /agents/chat/request as json',
      'answered 200',
      'POST /agents/chat/request as stream',
      'answered 200',
      'PATCH /transcribe/workspace/{id}/transcriptions/{transcriptionId} as json',
      'answered 200',
      'POST /vectors/embedding as json',
      'answered 200',
      'GET /agents/view/{id} as json',
      'answered 200',
    ]);
  });

  it('changes what a resource method sends, and sees the token getToken() gave', async () => {
    const fetch = answering();
    const sdk = createAssistantClient({ baseUrl, getToken: () => 'fresh', fetch });
    const tokens: (string | null)[] = [];
    sdk.use({
      onRequest({ request }) {
        tokens.push(request.headers.get('authorization'));
        request.headers.set('x-trace', 'from-middleware');
      },
    });
    await sdk.agents.get(1);
    await (await sdk.agents.chatStream(chatBody)).text().catch(() => {});
    expect(tokens).toEqual(['Bearer fresh', 'Bearer fresh']);
    expect(fetch.sent.map((sent) => sent.headers.get('x-trace'))).toEqual([
      'from-middleware',
      'from-middleware',
    ]);
  });

  it('sees a retried call once, with its final answer', async () => {
    const fetch = scriptedFetch(
      () => json(503, { success: false, message: 'Internal server error' }, { 'retry-after': '0' }),
      () => ok({ id: 2 }),
    );
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    const { seen, middleware } = recorder();
    sdk.use(middleware);
    await expect(sdk.agents.get(2)).resolves.toEqual({ id: 2 });
    expect(fetch.sent).toHaveLength(2);
    expect(seen).toEqual(['GET /agents/view/{id} as json', 'answered 200']);
  });

  it("gets the SDK's typed error in onError, and its own errors reach the caller unchanged", async () => {
    const refused = scriptedFetch(() => {
      throw new TypeError('fetch failed');
    });
    const errors: unknown[] = [];
    const failing = createAssistantClient({ baseUrl, token: 't', fetch: refused, maxRetries: 0 });
    failing.use({
      onError({ error }) {
        errors.push(error);
      },
    });
    await expect(failing.agents.get(1)).rejects.toBeInstanceOf(APIConnectionError);
    expect(errors).toEqual([expect.any(APIConnectionError)]);

    // A TypeError too: only a failure reading the answer's body becomes a connection error.
    const mine = new TypeError('refused by my middleware');
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch: answering() });
    sdk.use({
      onResponse() {
        throw mine;
      },
    });
    await expect(sdk.agents.get(1)).rejects.toBe(mine);
    await expect(sdk.embeddings.create(['Hello'])).rejects.toBe(mine);
  });

  it('is one registry for client.use() and raw.use(); eject() removes it', async () => {
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch: answering() });
    const { seen, middleware } = recorder();
    sdk.raw.use(middleware);
    await sdk.agents.get(1);
    sdk.eject(middleware);
    await sdk.agents.get(1);
    await sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '1' } } });
    expect(seen).toEqual(['GET /agents/view/{id} as json', 'answered 200']);
  });
});
