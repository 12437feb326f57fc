/**
 * @assistant-platform/gateway: the internal tRPC gateway in front of the Assistant Platform API.
 * Product teams call it with `@assistant-platform/gateway-client`, which carries `type AppRouter`;
 * what is here runs the gateway.
 */

export { ConfigError } from '@assistant-platform/types';
export { defineConfig, type GatewayConfig, loadConfig } from './config.js';
export type {
  ChatInput,
  CreateAgentInput,
  CreateEmbeddingsInput,
  GetAgentInput,
  UpdateTranscriptionInput,
} from './contract/input-parsers.js';
export { type BuildOptions, buildGateway } from './http/app.js';
export type { HealthReport } from './http/healthz.js';
export { type AppRouter, appRouter } from './router/app-router.js';
export { closeOnSignals, type RunningGateway, startGateway } from './server.js';
export type { GatewayErrorData } from './trpc/init.js';
export { createUpstreamFetch, type UpstreamFetch } from './upstream/upstream-fetch.js';
