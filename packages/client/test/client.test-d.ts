/** What the SDK's types accept and reject. Checked by `vitest` typecheck; nothing here runs. */
import type { paths } from '@assistant-platform/types';
import type { Client } from 'openapi-fetch';
import { assertType, describe, expectTypeOf, it } from 'vitest';
import {
  type Agent,
  type AgentSummary,
  type AssistantApiError,
  type ChatResult,
  type ChatStream,
  type ChatStreamChunk,
  createAssistantClient,
  type EmbeddingsResult,
  type Middleware,
  NotFoundError,
  type RateLimitError,
  type Transcription,
  type WithResponse,
} from '../src/index.js';

const sdk = createAssistantClient({ baseUrl: 'http://127.0.0.1:4010/v1', token: 't' });
const message = { role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] };
const chat = { name: 'n', description: 'd', instruction: 'i', intents: [], message };

describe('client options', () => {
  it('takes at most one of token or getToken; baseUrl and token may come from the environment', () => {
    createAssistantClient();
    createAssistantClient({ baseUrl: 'u' });
    createAssistantClient({ token: 't', idleTimeoutMs: 30_000, idempotencyKeys: false });
    createAssistantClient({ baseUrl: 'u', getToken: async () => 't' });
    createAssistantClient({
      baseUrl: 'u',
      token: 't',
      timeoutMs: 1000,
      maxRetries: 0,
      fetch: globalThis.fetch,
    });
    // @ts-expect-error both credentials
    createAssistantClient({ baseUrl: 'u', token: 't', getToken: () => 't' });
  });
});

describe('resource methods', () => {
  it('return the unwrapped data types', () => {
    expectTypeOf(sdk.agents.create({ name: 'n', instruction: 'i' })).resolves.toEqualTypeOf<AgentSummary>();
    expectTypeOf(sdk.agents.get(1)).resolves.toEqualTypeOf<Agent>();
    expectTypeOf(sdk.agents.get('3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f')).resolves.toEqualTypeOf<Agent>();
    expectTypeOf(sdk.agents.chat(chat)).resolves.toEqualTypeOf<ChatResult>();
    expectTypeOf(sdk.agents.chatStream(chat)).resolves.toEqualTypeOf<ChatStream>();
    expectTypeOf(
      sdk.transcriptions.update(7, 42, { filename: 'a', transcript: 'b' }),
    ).resolves.toEqualTypeOf<Transcription>();
    expectTypeOf(sdk.embeddings.create(['a'], { lang: 'de' })).resolves.toEqualTypeOf<EmbeddingsResult>();
  });

  it('offer withResponse() with data, response and request id, and asResponse() with the response', () => {
    expectTypeOf(sdk.agents.get.withResponse(1)).resolves.toEqualTypeOf<WithResponse<Agent>>();
    expectTypeOf(
      sdk.agents.create.asResponse({ name: 'n', instruction: 'i' }),
    ).resolves.toEqualTypeOf<Response>();
    expectTypeOf<WithResponse<Agent>['requestId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<WithResponse<Agent>['response']>().toEqualTypeOf<Response>();
  });

  it('take an idempotency key on writes, and an idle timeout (never a key) on streams', () => {
    sdk.agents.create({ name: 'n', instruction: 'i' }, { idempotencyKey: 'order-1001' });
    sdk.agents.create({ name: 'n', instruction: 'i' }, { idempotencyKey: false });
    sdk.agents.chatStream(chat, { idleTimeoutMs: 5000 });
    // @ts-expect-error a streamed answer is never stored, so a key cannot make it safe to retry
    sdk.agents.chatStream(chat, { idempotencyKey: 'k' });
  });

  it('reject bodies the contract rejects', () => {
    // @ts-expect-error instruction is required
    sdk.agents.create({ name: 'n' });
    // @ts-expect-error unknown tool type
    sdk.agents.create({ name: 'n', instruction: 'i', tools: [{ type: 'shell' }] });
    // @ts-expect-error message is required
    sdk.agents.chat({ name: 'n', description: 'd', instruction: 'i', intents: [] });
    // @ts-expect-error the user message has role user only
    sdk.agents.chat({ ...chat, message: { ...message, role: 'assistant' } });
    // @ts-expect-error chat() always asks for a whole answer; streaming is chatStream()
    sdk.agents.chat({ ...chat, stream: true });
    // @ts-expect-error temperature is a number
    sdk.agents.chat({ ...chat, temperature: '0.1' });
    // @ts-expect-error the transcript needs a filename
    sdk.transcriptions.update(7, 42, { transcript: 'b' });
    // @ts-expect-error ids are numbers
    sdk.transcriptions.update('7', 42, { filename: 'a', transcript: 'b' });
    // @ts-expect-error sentences are strings
    sdk.embeddings.create([1]);
    // @ts-expect-error only the contract's embeddings model
    sdk.embeddings.create(['a'], { model: 'other-model' });
    // @ts-expect-error per-call options are typed
    sdk.agents.get(1, { timeoutMs: 'soon' });
  });
});

describe('streaming', () => {
  it('iterates ChatStreamChunks and has text(), final(), abort() and the request id', async () => {
    const stream = await sdk.agents.chatStream(chat);
    for await (const chunk of stream) expectTypeOf(chunk).toEqualTypeOf<ChatStreamChunk>();
    expectTypeOf(stream.text()).resolves.toBeString();
    expectTypeOf(stream.final()).resolves.toEqualTypeOf<ChatResult>();
    expectTypeOf(stream.abort).returns.toBeVoid();
    expectTypeOf(stream.requestId).toEqualTypeOf<string | undefined>();
  });
});

describe('errors', () => {
  it('narrow the status per class', () => {
    expectTypeOf<NotFoundError['status']>().toEqualTypeOf<404>();
    expectTypeOf<RateLimitError['retryAfterMs']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<AssistantApiError['status']>().toEqualTypeOf<number | undefined>();
    assertType<AssistantApiError>(new NotFoundError(404, 'Resource does not exist'));
  });
});

describe('raw client', () => {
  it('is the typed openapi-fetch client of the contract', () => {
    expectTypeOf(sdk.raw).toEqualTypeOf<Client<paths, 'application/json'>>();
    sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '1' } } });
    // @ts-expect-error unknown path
    sdk.raw.GET('/agents/list');
    // @ts-expect-error the path parameter is required
    sdk.raw.GET('/agents/view/{id}', {});
  });
});

describe('middleware', () => {
  it('is openapi-fetch middleware, added on the client or on raw alike', () => {
    const middleware: Middleware = {
      onRequest({ request }) {
        request.headers.set('x-trace-id', 'a');
      },
    };
    sdk.use(middleware);
    sdk.raw.use(middleware);
    sdk.eject(middleware);
    // @ts-expect-error a middleware has at least one of onRequest, onResponse, onError
    sdk.use({});
  });
});
