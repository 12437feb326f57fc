#!/usr/bin/env node
/**
 * `assistant-gateway`: starts the gateway from the environment (GATEWAY_PORT, GATEWAY_HOST,
 * UPSTREAM_BASE_URL, UPSTREAM_TIMEOUT_MS, ...). A bad value stops start-up with a clear message.
 */
import { ConfigError } from '@assistant-platform/types';
import { loadConfig } from './config.js';
import { closeOnSignals, startGateway } from './server.js';

const HELP = `Usage: assistant-gateway

Starts the tRPC gateway in front of the Assistant Platform API. Configuration comes from the environment:
  GATEWAY_PORT           port to listen on (default 4020)
  GATEWAY_HOST           address to listen on (default 127.0.0.1)
  UPSTREAM_BASE_URL      the platform's base URL, ending in /v1 (default http://127.0.0.1:4010/v1)
  UPSTREAM_TIMEOUT_MS    how long each platform call may wait for its answer to start (default 60000)
  UPSTREAM_MAX_RETRIES   retries of a failed platform call (default 0)
  AGENT_CACHE_TTL_MS     how long agents.get answers are cached per token (default 5000; 0 = off)
  AGENT_CACHE_MAX_ENTRIES  most cached agents (default 10000)
  LOG_LEVEL              pino level (default info)
`;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(HELP);
    return;
  }
  const config = loadConfig();
  const gateway = await startGateway(config);
  closeOnSignals(gateway);
  process.stdout.write(
    `Assistant gateway listening on ${gateway.url} (tRPC at ${gateway.url}/trpc), upstream ${config.upstreamBaseUrl}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
