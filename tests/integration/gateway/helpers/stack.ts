/**
 * A real reference server and a real gateway on free ports, with the gateway's platform calls
 * recorded (through the `fetch` it is given, its own upstream fetch) so tests can see what reached
 * the platform.
 */

import {
  createUpstreamFetch,
  defineConfig,
  type GatewayConfig,
  type RunningGateway,
  startGateway,
} from '@assistant-platform/gateway';
import { createGatewayClient, type GatewayClientOptions } from '@assistant-platform/gateway-client';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testSeed } from '@assistant-platform/server/testing';
import { storeEnv } from '../../reference-store.js';

export interface UpstreamCall {
  method: string;
  url: string;
  headers: Headers;
}

export interface Stack {
  server: ReferenceServer;
  gateway: RunningGateway;
  /** Every request the gateway sent to the platform, in order. */
  upstreamCalls: UpstreamCall[];
  /** Every HTTP request a client made by `client()` sent to the gateway. */
  gatewayRequests: string[];
  client(options?: Partial<GatewayClientOptions>): ReturnType<typeof createGatewayClient>;
  close(): Promise<void>;
}

/** `serverEnv` configures the reference server (e.g. CHAT_ENGINE=openai and its upstream). */
export async function startStack(
  config: Partial<GatewayConfig> = {},
  { serverEnv }: { serverEnv?: Record<string, string> } = {},
): Promise<Stack> {
  const server = await startReferenceServer({ seed: testSeed, env: { ...(await storeEnv()), ...serverEnv } });
  const upstreamCalls: UpstreamCall[] = [];
  // The gateway's own upstream fetch, recorded on the way through.
  const upstream = createUpstreamFetch();
  const recordingFetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const { method, url, headers } = new Request(input, init);
    upstreamCalls.push({ method, url, headers });
    return upstream(input, init);
  }) as typeof fetch;
  const gateway = await startGateway(
    defineConfig({ port: 0, upstreamBaseUrl: server.baseUrl, logLevel: 'silent', ...config }),
    { fetch: recordingFetch },
  );
  const gatewayRequests: string[] = [];
  const countingFetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    gatewayRequests.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  }) as typeof fetch;

  return {
    server,
    gateway,
    upstreamCalls,
    gatewayRequests,
    client: (options = {}) =>
      createGatewayClient({ url: gateway.url, token: TEST_TOKENS.all, fetch: countingFetch, ...options }),
    close: async () => {
      await gateway.close();
      await upstream.close();
      await server.close();
    },
  };
}
