/** Every resource method and every error class against the real reference server, over real HTTP. */

import {
  type AssistantClient,
  AuthenticationError,
  BadRequestError,
  createAssistantClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from '@assistant-platform/client';
import type { ReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, startSeededServer } from './reference-server.js';

const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
let server: ReferenceServer;
let sdk: AssistantClient;
const as = (token: string) => createAssistantClient({ baseUrl: server.baseUrl, token, maxRetries: 0 });

beforeAll(async () => {
  server = await startSeededServer();
  sdk = as(TEST_TOKENS.all);
});
afterAll(() => server?.close());

describe('agents', () => {
  it('creates an agent and reads it back by id and by agentReferenceId', async () => {
    const body = {
      name: 'Support triage',
      instruction: 'Answer politely.',
      intents: ['refund'],
      tools: [{ type: 'svc_tool' as const, svc_tool: 'web_search_tool' as const }],
    };
    const created = await sdk.agents.create(body);
    expect(Object.keys(created).sort()).toEqual(
      [
        'agentReferenceId',
        'createdAt',
        'description',
        'id',
        'instruction',
        'name',
        'status',
        'updatedAt',
      ].sort(),
    );
    expect(created).toMatchObject({ name: body.name, description: '', status: 'ACTIVE' });
    expect(created.agentReferenceId).toMatch(uuid);
    expect(created.createdAt).toMatch(timestamp);

    const byId = await sdk.agents.get(created.id);
    const byReference = await sdk.agents.get(created.agentReferenceId);
    expect(byReference).toEqual(byId);
    expect(byId).toMatchObject({ ...created, intents: ['refund'], knowledgeBaseId: null, tools: body.tools });
  });

  it('throws NotFoundError for an unknown agent, with the request id of the answer', async () => {
    const error = await sdk.agents.get(999_999).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, message: 'Resource does not exist' });
    expect((error as NotFoundError).requestId).toBe((error as NotFoundError).headers?.get('x-request-id'));
    expect((error as NotFoundError).requestId).toBeTruthy();
  });

  it("throws PermissionDeniedError for another account's agent and for a missing scope", async () => {
    await expect(sdk.agents.get(agents.otherAccount)).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(as(TEST_TOKENS.read).agents.create({ name: 'n', instruction: 'i' })).rejects.toMatchObject({
      status: 403,
      message: 'You do not have permission to access this resource',
    });
  });

  it('throws AuthenticationError for an unknown token', async () => {
    await expect(as('not-a-known-token').agents.get(1)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('throws BadRequestError naming each bad field', async () => {
    const error = await sdk.agents.create({ name: '', instruction: 'i' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errors).toContainEqual(expect.objectContaining({ path: '/name' }));
  });

  it('throws RateLimitError with the Retry-After of a 429', async () => {
    const error = await sdk.agents
      .get(1, { headers: { prefer: 'code=429' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBeGreaterThanOrEqual(0);
    expect((error as RateLimitError).headers?.get('ratelimit-limit')).toBeTruthy();
  });

  it('retries a 500 and then throws InternalServerError', async () => {
    let attempts = 0;
    const counting = createAssistantClient({
      baseUrl: server.baseUrl,
      token: TEST_TOKENS.all,
      maxRetries: 1,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    const error = await counting.agents
      .get(1, { headers: { prefer: 'code=500' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 500, message: 'Internal server error' });
    expect(attempts).toBe(2);
  });
});

describe('transcriptions', () => {
  it('replaces the transcript and keeps every other field', async () => {
    const transcript = { filename: 'call-edited.mp3', transcript: 'Agent: Good morning, how can I help?' };
    const updated = await sdk.transcriptions.update(7, 42, transcript);
    expect(updated).toMatchObject({
      id: 42,
      fileName: 'call.mp3',
      duration: 61.5,
      status: 'COMPLETED',
      transcript,
    });
    expect(updated.createdAt).toBe('2025-01-02T03:04:05.000Z');
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(updated.createdAt));
  });

  it("refuses another account's workspace and an unknown transcription", async () => {
    const transcript = { filename: 'x.mp3', transcript: 'x' };
    await expect(sdk.transcriptions.update(8, 43, transcript)).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(sdk.transcriptions.update(7, 4242, transcript)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('embeddings', () => {
  it('returns one unit-length vector per sentence, in order', async () => {
    const sentences = ['Where is my parcel?', 'Wo ist mein Paket?', 'The weather is nice.'];
    const { embeddings } = await sdk.embeddings.create(sentences, { lang: 'multi' });
    expect(embeddings).toHaveLength(3);
    for (const vector of embeddings) {
      expect(vector.length).toBeGreaterThan(0);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 3);
    }
  });
});

describe('withResponse and the raw client', () => {
  it('echoes my x-request-id and returns the response', async () => {
    const result = await sdk.agents.get.withResponse(1, { headers: { 'x-request-id': 'sdk-test-0001' } });
    expect(result.requestId).toBe('sdk-test-0001');
    expect(result.response.status).toBe(200);
    expect(result.data.id).toBe(1);
  });

  it('reaches any path with the same auth through raw', async () => {
    const { data, error, response } = await sdk.raw.GET('/agents/view/{id}', {
      params: { path: { id: '1' } },
    });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ success: true, message: 'Agents retrieved successfully', data: { id: 1 } });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const missing = await sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '999999' } } });
    expect(missing.error).toEqual({ success: false, message: 'Resource does not exist' });
  });
});
