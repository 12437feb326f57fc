/**
 * Error mapping end to end: what a product team's tRPC client sees for each failure, and that the
 * gateway turns away what it can without calling the platform. `Prefer: code=NNN` makes the
 * reference server answer that status with its exact envelope.
 */

import { type AppRouter, defineConfig, startGateway } from '@assistant-platform/gateway';
import { createGatewayClient } from '@assistant-platform/gateway-client';
import { TEST_TOKENS, testChatBody } from '@assistant-platform/server/testing';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './helpers/stack.js';
import { collect } from './helpers/subscription.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ agentCacheTtlMs: 0 });
});
afterAll(() => stack.close());

async function failure(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TRPCClientError))
    throw new Error(`expected a TRPCClientError, got ${String(error)}`);
  return error as TRPCClientError<AppRouter>;
}

const prefer = (code: number) => stack.client({ headers: { prefer: `code=${code}` } });

describe('turned away by the gateway, with no platform call', () => {
  it('answers UNAUTHORIZED to a call without a token', async () => {
    const before = stack.upstreamCalls.length;
    const noToken = stack.client({ token: '', headers: {} });
    const error = await failure(noToken.agents.get.query({ id: '1' }));
    expect(error.data?.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe('Unauthorized access');
    expect(stack.upstreamCalls.length).toBe(before);
  });

  it('answers BAD_REQUEST listing each bad field of an input that breaks the contract', async () => {
    const before = stack.upstreamCalls.length;
    const error = await failure(
      // @ts-expect-error -- `instruction` is missing and `colour` is not a field: the point of the test
      stack.client().agents.create.mutate({ name: '', colour: 'blue' }),
    );
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Invalid input provided');
    const paths = error.data?.errors?.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['/instruction', '/colour', '/name']));
    expect(stack.upstreamCalls.length).toBe(before);
  });

  it('rejects an agent id that is neither numeric nor a UUID', async () => {
    const error = await failure(stack.client().agents.get.query({ id: 'not an id' }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.data?.errors?.[0]?.path).toBe('/id');
  });
});

describe('platform errors mapped to tRPC codes', () => {
  it('keeps the field list of a platform 400', async () => {
    // Valid for the contract's schema, but no such model exists: only the platform can tell.
    const error = await failure(
      stack.client().chat.request.mutate({ ...testChatBody(), model: 'no-such-model' }),
    );
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Invalid input provided');
    expect(error.data?.errors?.map((issue) => issue.path)).toContain('/model');
  });

  it('maps an unknown token to UNAUTHORIZED', async () => {
    const error = await failure(stack.client({ token: 'unknown-token-123' }).agents.get.query({ id: '1' }));
    expect(error.data?.code).toBe('UNAUTHORIZED');
    expect(error.data?.httpStatus).toBe(401);
  });

  it('maps a missing scope and another account agent to FORBIDDEN', async () => {
    const scope = await failure(
      stack.client({ token: TEST_TOKENS.read }).embeddings.create.mutate({ sentences: ['a'] }),
    );
    expect(scope.data?.code).toBe('FORBIDDEN');
    const otherAccount = await failure(
      stack.client({ token: TEST_TOKENS.other }).agents.get.query({ id: '1' }),
    );
    expect(otherAccount.data?.code).toBe('FORBIDDEN');
    expect(otherAccount.message).toBe('You do not have permission to access this resource');
  });

  it('maps an unknown agent to NOT_FOUND', async () => {
    const error = await failure(stack.client().agents.get.query({ id: '999999' }));
    expect(error.data?.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Resource does not exist');
  });

  it.each([
    [400, 'BAD_REQUEST', 400],
    [401, 'UNAUTHORIZED', 401],
    [403, 'FORBIDDEN', 403],
    [404, 'NOT_FOUND', 404],
    [429, 'TOO_MANY_REQUESTS', 429],
    [500, 'INTERNAL_SERVER_ERROR', 500],
    [503, 'SERVICE_UNAVAILABLE', 503],
  ] as const)('maps a forced platform %i to %s', async (status, code, httpStatus) => {
    const error = await failure(prefer(status).agents.get.query({ id: '1' }));
    expect(error.data?.code).toBe(code);
    expect(error.data?.httpStatus).toBe(httpStatus);
  });

  it('puts the platform Retry-After into data.retryAfterMs of TOO_MANY_REQUESTS', async () => {
    const error = await failure(prefer(429).embeddings.create.mutate({ sentences: ['a'] }));
    expect(error.data?.code).toBe('TOO_MANY_REQUESTS');
    expect(error.data?.retryAfterMs).toBeGreaterThan(0);
    expect(error.message).toBe('Rate limit exceeded. Please try again later.');
  });

  it('puts the platform Retry-After into data.retryAfterMs of SERVICE_UNAVAILABLE (its database down)', async () => {
    const error = await failure(prefer(503).agents.get.query({ id: '1' }));
    expect(error.data?.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.data?.retryAfterMs).toBe(1000);
    expect(error.message).toBe('Service unavailable');
  });

  it('answers a platform 500 with a fixed message and no upstream details', async () => {
    const error = await failure(
      prefer(500).transcriptions.update.mutate({
        workspaceId: 7,
        transcriptionId: 42,
        transcript: { filename: 'call.mp3', transcript: 'x' },
      }),
    );
    expect(error.message).toBe('Internal server error');
    expect(Object.keys(error.data ?? {}).sort()).toEqual(['code', 'httpStatus', 'path', 'requestId']);
    expect(JSON.stringify(error.shape)).not.toContain(stack.server.url);
  });

  it('answers INTERNAL_SERVER_ERROR when the platform cannot be reached, without its address', async () => {
    // A port that was just free: nothing listens there.
    const gone = await startGateway(defineConfig({ port: 0, logLevel: 'silent' }));
    const deadUpstream = `${gone.url}/v1`;
    await gone.close();
    const gateway = await startGateway(
      defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: deadUpstream }),
    );
    try {
      const client = createGatewayClient({ url: gateway.url, token: 'any-token-123' });
      const error = await failure(client.agents.get.query({ id: '1' }));
      expect(error.data?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(error.message).toBe('Internal server error');
      expect(JSON.stringify(error.shape)).not.toContain(deadUpstream);
    } finally {
      await gateway.close();
    }
  });
});

describe('errors of the streaming subscription', () => {
  it('ends the subscription with the mapped error when the platform refuses the chat', async () => {
    const client = prefer(404);
    const { data, error } = await collect((callbacks) =>
      client.chat.stream.subscribe(testChatBody(), callbacks),
    );
    expect(data).toEqual([]);
    expect(error?.data?.code).toBe('NOT_FOUND');
  });

  it('ends the subscription on a platform 500 instead of reconnecting and re-sending the chat', async () => {
    const before = stack.upstreamCalls.length;
    const client = prefer(500);
    const { data, error } = await collect((callbacks) =>
      client.chat.stream.subscribe(testChatBody(), callbacks),
    );
    expect(data).toEqual([]);
    expect(error?.data?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(stack.upstreamCalls.length - before).toBe(1);
  });

  it('rejects an invalid chat input before streaming, with the bad fields', async () => {
    const client = stack.client();
    const { error } = await collect((callbacks) =>
      client.chat.stream.subscribe({ ...testChatBody(), temperature: 9 }, callbacks),
    );
    expect(error?.data?.code).toBe('BAD_REQUEST');
    expect(error?.data?.errors).toEqual([{ path: '/temperature', message: 'must be <= 2' }]);
  });
});
