// A product team's Node service calling the gateway, type-checked with library checks on and no
// DOM types (see the gateway client's README, "TypeScript"): it reads an agent through the gateway,
// then gives the client the platform's URL and a port nothing listens on, and prints the codes.
import {
  createGatewayClient,
  type GatewayClientErrorCode,
  isGatewayClientError,
} from '@assistant-platform/gateway-client';

// The one part of Node this file uses, so it compiles with `types: []` as well as with @types/node.
declare const process: { env: Record<string, string | undefined>; stdout: { write(text: string): void } };

const token = process.env.TOKEN ?? '';

async function outcome(url: string): Promise<GatewayClientErrorCode | string> {
  try {
    return (await createGatewayClient({ url, token }).agents.get.query({ id: '1' })).name;
  } catch (error) {
    if (isGatewayClientError(error)) return error.code;
    throw error;
  }
}

process.stdout.write(
  JSON.stringify({
    gateway: await outcome(process.env.GATEWAY_URL ?? ''),
    platform: await outcome(process.env.PLATFORM_URL ?? ''),
    closed: await outcome(process.env.CLOSED_URL ?? ''),
  }),
);
