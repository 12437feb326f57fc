/**
 * Retries, backoff, timeouts and aborts, driven by an injected fetch. Waits use fake timers, so each
 * test states exactly when the next attempt may start without sleeping in real time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  createAssistantClient,
  type FetchLike,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from '../src/index.js';
import { hangingFetch, json, ok, scriptedFetch } from './helpers/fake-fetch.js';

const baseUrl = 'http://api.test/v1';
const agent = { name: 'Support', instruction: 'Answer politely.' };
const failure = (status: number, headers: Record<string, string> = {}) =>
  json(status, { success: false, message: 'Internal server error' }, headers);

function client(fetch: FetchLike, options: { maxRetries?: number } = {}) {
  const warnings: Record<string, unknown>[] = [];
  const logger = { warn: (_: string, details?: Record<string, unknown>) => warnings.push(details ?? {}) };
  return { sdk: createAssistantClient({ baseUrl, token: 't', fetch, logger, ...options }), warnings };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  it('retries a 503 and resends the same body until it succeeds', async () => {
    const fetch = scriptedFetch(
      () => failure(503),
      () => failure(503),
      () => ok({ id: 1 }),
    );
    const { sdk } = client(fetch);
    const pending = sdk.agents.create(agent);
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ id: 1 });
    expect(fetch.sent).toHaveLength(3);
    expect(fetch.sent.map((request) => JSON.parse(request.body))).toEqual([agent, agent, agent]);
  });

  it('gives up after maxRetries and throws the last answer as a typed error', async () => {
    const fetch = scriptedFetch(() => failure(502, { 'x-request-id': 'last' }));
    const { sdk } = client(fetch, { maxRetries: 3 });
    const pending = sdk.agents.create(agent);
    const caught = expect(pending).rejects.toSatisfy(
      (error) => error instanceof InternalServerError && error.status === 502 && error.requestId === 'last',
    );
    await vi.runAllTimersAsync();
    await caught;
    expect(fetch.sent).toHaveLength(4);
  });

  it('lets one call override the retry count', async () => {
    const fetch = scriptedFetch(() => failure(500));
    const { sdk } = client(fetch);
    await expect(sdk.agents.get(1, { maxRetries: 0 })).rejects.toBeInstanceOf(InternalServerError);
    expect(fetch.sent).toHaveLength(1);
  });

  it.each([408, 409, 429])('retries status %i', async (status) => {
    const fetch = scriptedFetch(
      () => json(status, { success: false, message: 'x' }, { 'retry-after': '0' }),
      () => ok({ id: 2 }),
    );
    const { sdk } = client(fetch);
    const pending = sdk.agents.get(2);
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ id: 2 });
    expect(fetch.sent).toHaveLength(2);
  });

  it.each([400, 401, 403, 404])('does not retry status %i', async (status) => {
    const fetch = scriptedFetch(() => json(status, { success: false, message: 'no' }));
    const { sdk } = client(fetch);
    await expect(sdk.agents.get(3)).rejects.toMatchObject({ status });
    expect(fetch.sent).toHaveLength(1);
  });

  it('retries a refused connection and reports it as APIConnectionError with the cause', async () => {
    const refused = new TypeError('fetch failed');
    const fetch = scriptedFetch(() => {
      throw refused;
    });
    const { sdk } = client(fetch, { maxRetries: 1 });
    const pending = sdk.agents.get(4);
    const caught = expect(pending).rejects.toSatisfy(
      (error) => error instanceof APIConnectionError && error.cause === refused && error.status === undefined,
    );
    await vi.runAllTimersAsync();
    await caught;
    expect(fetch.sent).toHaveLength(2);
  });

  it('waits as long as Retry-After (seconds) says before the next attempt', async () => {
    const fetch = scriptedFetch(
      () => json(429, { success: false, message: 'slow down' }, { 'retry-after': '2' }),
      () => ok({ id: 5 }),
    );
    const { sdk, warnings } = client(fetch);
    const pending = sdk.agents.get(5);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ id: 5 });
    expect(fetch.sent).toHaveLength(2);
    expect(warnings).toEqual([expect.objectContaining({ attempt: 1, delayMs: 2000, reason: 'status 429' })]);
  });

  it('waits until the HTTP date of Retry-After', async () => {
    vi.setSystemTime(new Date('2025-03-18T10:00:00.000Z'));
    const fetch = scriptedFetch(
      () => failure(503, { 'retry-after': 'Tue, 18 Mar 2025 10:00:03 GMT' }),
      () => ok({ id: 6 }),
    );
    const { sdk } = client(fetch);
    const pending = sdk.agents.get(6);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetch.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ id: 6 });
  });

  it('does not wait for a Retry-After over a minute: the RateLimitError carries it instead', async () => {
    const fetch = scriptedFetch(() =>
      json(
        429,
        { success: false, message: 'Rate limit exceeded. Please try again later.' },
        { 'retry-after': '120' },
      ),
    );
    const { sdk } = client(fetch);
    const error = await sdk.agents.get(7).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(120_000);
    expect(fetch.sent).toHaveLength(1);
  });

  it('backs off with growing random waits when no Retry-After is sent', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const fetch = scriptedFetch(() => failure(500));
    const { sdk, warnings } = client(fetch, { maxRetries: 3 });
    const pending = sdk.agents.get(8).catch((caught: unknown) => caught);
    await vi.runAllTimersAsync();
    expect(await pending).toBeInstanceOf(InternalServerError);
    expect(warnings.map((warning) => warning.delayMs)).toEqual([250, 500, 1000]);
  });

  it('retries through the raw client too', async () => {
    const fetch = scriptedFetch(
      () => failure(503, { 'retry-after': '0' }),
      () => ok({ id: 9 }),
    );
    const { sdk } = client(fetch);
    const pending = sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '9' } } });
    await vi.runAllTimersAsync();
    const { data, response } = await pending;
    expect(response.status).toBe(200);
    expect(data?.data).toEqual({ id: 9 });
  });
  it('resends a body the raw client serialised its own way', async () => {
    const fetch = scriptedFetch(
      () => failure(503, { 'retry-after': '0' }),
      () => json(201, { success: true, message: 'Agent created successfully', data: { id: 10 } }),
    );
    const { sdk } = client(fetch);
    const pending = sdk.raw.POST('/agents/create', {
      body: { name: 'Support', instruction: 'Answer.' },
      bodySerializer: (body) => JSON.stringify(body, null, 2),
    });
    await vi.runAllTimersAsync();
    expect((await pending).data?.data).toEqual({ id: 10 });
    expect(fetch.sent.map((request) => request.body)).toEqual([
      JSON.stringify({ name: 'Support', instruction: 'Answer.' }, null, 2),
      JSON.stringify({ name: 'Support', instruction: 'Answer.' }, null, 2),
    ]);
  });
});

describe('timeouts', () => {
  it('throws APITimeoutError when no answer comes within timeoutMs', async () => {
    const fetch = scriptedFetch(hangingFetch);
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch, timeoutMs: 1000, maxRetries: 0 });
    const pending = sdk.agents.get(1).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch.sent[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(APITimeoutError);
  });

  it('retries a timed-out attempt', async () => {
    const fetch = scriptedFetch(hangingFetch, () => ok({ id: 2 }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch, timeoutMs: 1000 });
    const pending = sdk.agents.get(2);
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ id: 2 });
    expect(fetch.sent).toHaveLength(2);
  });

  it('lets one call set its own timeout', async () => {
    const fetch = scriptedFetch(hangingFetch);
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch, maxRetries: 0 });
    const pending = sdk.agents.get(3, { timeoutMs: 50 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(50);
    expect(await pending).toBeInstanceOf(APITimeoutError);
  });
});

describe('raw calls', () => {
  it('take timeoutMs and maxRetries in their options', async () => {
    const fetch = scriptedFetch(hangingFetch);
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    const pending = sdk.raw
      .GET('/agents/view/{id}', { params: { path: { id: '1' } }, timeoutMs: 50, maxRetries: 0 })
      .catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(50);
    expect(await pending).toBeInstanceOf(APITimeoutError);
    expect(fetch.sent).toHaveLength(1);
  });
});

describe('aborts', () => {
  it('stops an attempt in flight when the caller aborts, without retrying', async () => {
    const fetch = scriptedFetch(hangingFetch);
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    const controller = new AbortController();
    const pending = sdk.agents.get(1, { signal: controller.signal }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await pending).toBeInstanceOf(APIUserAbortError);
    expect(fetch.sent).toHaveLength(1);
    expect(fetch.sent[0]!.signal.aborted).toBe(true);
  });

  it('ends the wait between attempts as soon as the caller aborts', async () => {
    const fetch = scriptedFetch(() => failure(503, { 'retry-after': '30' }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    const controller = new AbortController();
    const pending = sdk.agents.get(2, { signal: controller.signal }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(await pending).toBeInstanceOf(APIUserAbortError);
    await vi.runAllTimersAsync();
    expect(fetch.sent).toHaveLength(1);
  });

  it("honours the caller's signal on the raw client", async () => {
    const fetch = scriptedFetch(hangingFetch);
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    const controller = new AbortController();
    const pending = sdk.raw
      .GET('/agents/view/{id}', { params: { path: { id: '1' } }, signal: controller.signal })
      .catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await pending).toBeInstanceOf(APIUserAbortError);
    expect(fetch.sent).toHaveLength(1);
  });

  it('never sends a request whose signal is already aborted', async () => {
    const fetch = scriptedFetch(() => ok({}));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await expect(sdk.agents.get(3, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
    expect(fetch.sent).toHaveLength(0);
  });

  it('does not turn a 404 into a retry or an abort', async () => {
    const fetch = scriptedFetch(() => json(404, { success: false, message: 'Resource does not exist' }));
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch });
    await expect(sdk.agents.get(4, { signal: new AbortController().signal })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
