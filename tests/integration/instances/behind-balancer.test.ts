/**
 * The gateway in front of the balancer in front of two instances, as compose.yaml deploys them:
 * tRPC calls reach either instance, chat streams pass through both hops as they are written, and
 * the gateway's health check sees the platform through the balancer.
 */
import { defineConfig, type RunningGateway, startGateway } from '@assistant-platform/gateway';
import { createGatewayClient } from '@assistant-platform/gateway-client';
import { TEST_TOKENS, testChatBody } from '@assistant-platform/server/testing';
import type { ChatStreamChunk } from '@assistant-platform/types';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from '../gateway/helpers/subscription.js';
import { deploy } from './deployment.js';
import { haproxyForSuite } from './haproxy.js';

const haproxy = haproxyForSuite('the gateway through the balancer');

const gateways: RunningGateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
});

describe.skipIf(haproxy === undefined)('the gateway through the balancer to two instances', () => {
  it('creates and reads an agent, and streams a chat as the instance writes it', async () => {
    const deployment = await deploy(haproxy as string, 2);
    const { balancer } = deployment;
    const gateway = await startGateway(
      defineConfig({ port: 0, upstreamBaseUrl: `${balancer.origin}/v1`, logLevel: 'silent' }),
    );
    gateways.push(gateway);
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const client = createGatewayClient({ url: gateway.url, token: TEST_TOKENS.all });

    const created = await client.agents.create.mutate({ name: 'Balanced', instruction: 'Be brief.' });
    expect(await client.agents.get.query({ id: created.agentReferenceId })).toMatchObject(created);
    const { data, error } = await collect<ChatStreamChunk>((callbacks) =>
      client.chat.stream.subscribe(testChatBody(), callbacks),
    );
    expect(error).toBeUndefined();
    expect(data.length).toBeGreaterThan(1);
    expect(data.at(-1)?.request[0]?.finish_reason).toMatch(/^(stop|length)$/);
    // Every instance answered some of the gateway's calls.
    for (const sent of await deployment.sent()) expect(sent).toBeGreaterThan(0);
  });
});
