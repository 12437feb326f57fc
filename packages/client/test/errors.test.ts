import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AssistantApiError,
  AuthenticationError,
  BadRequestError,
  createAssistantClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from '../src/index.js';
import { clientAnswering, json } from './helpers/fake-fetch.js';

const envelopes = [
  [400, 'Invalid input provided', BadRequestError],
  [401, 'Unauthorized access', AuthenticationError],
  [403, 'You do not have permission to access this resource', PermissionDeniedError],
  [404, 'Resource does not exist', NotFoundError],
  [429, 'Rate limit exceeded. Please try again later.', RateLimitError],
  [429, 'The server is busy with your earlier requests. Please try again later.', RateLimitError],
  [500, 'Internal server error', InternalServerError],
] as const;

describe('typed errors from error envelopes', () => {
  it.each(envelopes)('status %i throws %s', async (status, message, ErrorClass) => {
    const sdk = clientAnswering(() =>
      json(status, { success: false, message }, { 'x-request-id': 'abc-123', 'retry-after': '120' }),
    );
    const error = await sdk.embeddings.create(['hello']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(AssistantApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status, message, requestId: 'abc-123', name: ErrorClass.name });
    expect((error as AssistantApiError).headers?.get('retry-after')).toBe('120');
  });

  it('lists each bad field of a 400', async () => {
    const errors = [
      { path: '/name', message: "must have required property 'name'" },
      { path: '/tools/0/type', message: 'must be equal to one of the allowed values' },
    ];
    const sdk = clientAnswering(() =>
      json(400, { success: false, message: 'Invalid input provided', errors }),
    );
    const error = (await sdk.agents
      .create({ name: '', instruction: 'x' })
      .catch((e: unknown) => e)) as BadRequestError;
    expect(error.errors).toEqual(errors);
  });

  it('gives a 429 its Retry-After in milliseconds', async () => {
    const sdk = clientAnswering(() =>
      json(
        429,
        { success: false, message: 'Rate limit exceeded. Please try again later.' },
        { 'retry-after': '61' },
      ),
    );
    const error = (await sdk.agents.get(1).catch((e: unknown) => e)) as RateLimitError;
    expect(error.retryAfterMs).toBe(61_000);
  });

  it('maps any 5xx to InternalServerError and other statuses to the base class', async () => {
    const gateway = clientAnswering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const bad = await gateway.agents.get(1).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(InternalServerError);
    expect(bad).toMatchObject({ status: 502, message: '502 status code', errors: [] });

    const teapot = clientAnswering(() => new Response(null, { status: 418 }));
    const odd = await teapot.agents.get(1).catch((e: unknown) => e);
    expect(odd?.constructor).toBe(AssistantApiError);
    expect(odd).toMatchObject({ status: 418, message: '418 status code (no body)' });
  });

  it('puts connection, timeout and abort errors under the same base class without a status', () => {
    for (const error of [new APIConnectionError(), new APITimeoutError(), new APIUserAbortError()]) {
      expect(error).toBeInstanceOf(AssistantApiError);
      expect(error.status).toBeUndefined();
      expect(error.requestId).toBeUndefined();
    }
    expect(new APITimeoutError()).toBeInstanceOf(APIConnectionError);
    expect(new APITimeoutError().name).toBe('APITimeoutError');
  });
});

describe('client options', () => {
  it('rejects a client without baseUrl or credentials', () => {
    expect(() => createAssistantClient({ baseUrl: '', token: 't' })).toThrow(/baseUrl/);
    expect(() => createAssistantClient({ baseUrl: 'http://x/v1' } as never)).toThrow(/token/);
  });

  it('rejects a baseUrl that is not the API root (ending in /v1), naming the expected form', () => {
    for (const baseUrl of ['http://127.0.0.1:4010', 'http://127.0.0.1:4010/', 'https://api.example/v2'])
      expect(() => createAssistantClient({ baseUrl, token: 't' }), baseUrl).toThrow(
        new TypeError(
          `baseUrl must be the API root, ending in /v1 (e.g. http://127.0.0.1:4010/v1), not ${baseUrl}`,
        ),
      );
    for (const baseUrl of ['http://127.0.0.1:4010/v1', 'http://127.0.0.1:4010/v1/', '/api/v1'])
      expect(() => createAssistantClient({ baseUrl, token: 't' }), baseUrl).not.toThrow();
  });

  it('rejects nonsensical retry and timeout settings', () => {
    expect(() => createAssistantClient({ baseUrl: 'http://x/v1', token: 't', maxRetries: -1 })).toThrow(
      /maxRetries/,
    );
    expect(() => createAssistantClient({ baseUrl: 'http://x/v1', token: 't', timeoutMs: 0 })).toThrow(
      /timeoutMs/,
    );
  });
});
