/** Batching, request ids and token forwarding, seen from both ends of the gateway. */

import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './helpers/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ agentCacheTtlMs: 0 });
});
afterAll(() => stack.close());

describe('batching', () => {
  it('sends calls made in the same tick as one HTTP request and answers each', async () => {
    const client = stack.client();
    const before = stack.gatewayRequests.length;
    const created = await client.agents.create.mutate({ name: 'Batch agent', instruction: 'Hi.' });
    const afterCreate = stack.gatewayRequests.length;

    const [first, byReference, missing] = await Promise.allSettled([
      client.agents.get.query({ id: '1' }),
      client.agents.get.query({ id: created.agentReferenceId }),
      client.agents.get.query({ id: '987654' }),
    ]);
    expect(stack.gatewayRequests.length - afterCreate).toBe(1);
    expect(afterCreate - before).toBe(1);
    expect(first).toMatchObject({ status: 'fulfilled', value: { id: 1, name: 'Support triage' } });
    expect(byReference).toMatchObject({ status: 'fulfilled', value: { id: created.id } });
    expect(missing).toMatchObject({ status: 'rejected', reason: { data: { code: 'NOT_FOUND' } } });
    expect(stack.gatewayRequests.at(-1)).toContain('/trpc/agents.get,agents.get,agents.get?batch=1');
  });

  it('sends a call made alone as a plain request, without waiting to batch it', async () => {
    const client = stack.client();
    const agent = await client.agents.get.query({ id: '1' });
    expect(agent.id).toBe(1);
    expect(stack.gatewayRequests.at(-1)).toMatch(/\/trpc\/agents\.get\?input=/);
    expect(stack.gatewayRequests.at(-1)).not.toContain('batch=1');
  });

  it('leaves a call aborted before it went out out of the batch', async () => {
    const client = stack.client();
    const controller = new AbortController();
    const calls = [
      client.agents.get.query({ id: '1' }, { signal: controller.signal }),
      client.agents.get.query({ id: '1' }),
    ];
    controller.abort();
    const [cancelled, kept] = await Promise.allSettled(calls);
    expect(cancelled).toMatchObject({ status: 'rejected' });
    expect(kept).toMatchObject({ status: 'fulfilled', value: { id: 1 } });
    expect(stack.gatewayRequests.at(-1)).not.toContain('batch=1');
  });

  it('sends one request per call when batching is turned off', async () => {
    const client = stack.client({ batch: false });
    const before = stack.gatewayRequests.length;
    const agents = await Promise.all([
      client.agents.get.query({ id: '1' }),
      client.agents.get.query({ id: '1' }),
    ]);
    expect(agents.map((agent) => agent.id)).toEqual([1, 1]);
    expect(stack.gatewayRequests.length - before).toBe(2);
  });

  it('batches mutations too', async () => {
    const client = stack.client();
    const before = stack.gatewayRequests.length;
    const results = await Promise.all([
      client.embeddings.create.mutate({ sentences: ['one'] }),
      client.embeddings.create.mutate({ sentences: ['two', 'three'] }),
    ]);
    expect(stack.gatewayRequests.length - before).toBe(1);
    expect(results.map((result) => result.embeddings.length)).toEqual([1, 2]);
  });
});

describe('request ids', () => {
  it('passes the caller x-request-id to the platform and returns it', async () => {
    const before = stack.upstreamCalls.length;
    const response = await fetch(
      `${stack.gateway.url}/trpc/agents.get?input=${encodeURIComponent('{"id":"1"}')}`,
      {
        headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'x-request-id': 'trace-abc-123' },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('trace-abc-123');
    const upstream = stack.upstreamCalls.slice(before);
    expect(upstream).toHaveLength(1);
    expect(upstream[0]?.headers.get('x-request-id')).toBe('trace-abc-123');
  });

  it('makes an id when none (or an unusable one) is sent, and uses the same id upstream', async () => {
    const before = stack.upstreamCalls.length;
    const response = await fetch(
      `${stack.gateway.url}/trpc/agents.get?input=${encodeURIComponent('{"id":"1"}')}`,
      {
        headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'x-request-id': 'has spaces, not allowed' },
      },
    );
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stack.upstreamCalls[before]?.headers.get('x-request-id')).toBe(id);
  });

  it('puts the request id into error data', async () => {
    const client = stack.client({ headers: { 'x-request-id': 'trace-for-error' } });
    const error = await client.agents.get.query({ id: '424242' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ data: { code: 'NOT_FOUND', requestId: 'trace-for-error' } });
  });
});

describe('auth forwarding', () => {
  it('forwards the caller bearer token to the platform', async () => {
    const before = stack.upstreamCalls.length;
    await stack.client().agents.get.query({ id: '1' });
    expect(stack.upstreamCalls[before]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKENS.all}`);
  });

  it('accepts the token from a function, read for each request', async () => {
    let reads = 0;
    const client = stack.client({
      token: () => {
        reads += 1;
        return TEST_TOKENS.all;
      },
    });
    await client.agents.get.query({ id: '1' });
    await client.agents.get.query({ id: '1' });
    expect(reads).toBe(2);
  });
});
