/**
 * The mistakes a product developer makes wiring the gateway client, against the real servers: the
 * platform's URL (the reference server's, with or without `/v1`) in place of the gateway's answers
 * `NOT_A_GATEWAY`, a gateway that is not running `GATEWAY_UNREACHABLE`, each with the URL tried,
 * while the gateway's own answers keep their tRPC codes.
 */
import { createGatewayClient, isGatewayClientError } from '@assistant-platform/gateway-client';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './helpers/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );

describe('the gateway client given the wrong address', () => {
  it('names the platform’s URL given for the gateway’s: NOT_A_GATEWAY', async () => {
    for (const url of [stack.server.url, stack.server.baseUrl]) {
      const client = createGatewayClient({ url, token: TEST_TOKENS.all });
      const error = await failureOf(client.agents.get.query({ id: '1' }));
      expect(isGatewayClientError(error, 'NOT_A_GATEWAY'), String(error)).toBe(true);
      expect(error).toMatchObject({ url: `${url}/trpc/agents.get` });
    }
  });

  it('names a gateway that is not running: GATEWAY_UNREACHABLE with its URL', async () => {
    const gateway = await startStack();
    const { url } = gateway.gateway;
    await gateway.close();
    const error = await failureOf(
      createGatewayClient({ url, token: TEST_TOKENS.all }).agents.get.query({ id: '1' }),
    );
    expect(error).toMatchObject({ code: 'GATEWAY_UNREACHABLE', url: `${url}/trpc/agents.get` });
  });

  it('leaves the gateway’s own answers as they were: a tRPC code and the gateway’s data', async () => {
    const error = await failureOf(stack.client().agents.get.query({ id: '55555' }));
    expect(isGatewayClientError(error)).toBe(false);
    expect(error).toMatchObject({ data: { code: 'NOT_FOUND' } });
  });
});
