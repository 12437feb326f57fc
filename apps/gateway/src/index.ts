/**
 * @assistant-platform/gateway: the internal tRPC gateway in front of the Assistant Platform API.
 * Product teams need `type AppRouter` and `createGatewayClient` (also at `./client`, which pulls in
 * no server code); the rest runs the gateway.
 */

export { ConfigError } from '@assistant-platform/types';
export {
  createGatewayClient,
  type GatewayClient,
  type GatewayClientOptions,
} from './client/create-gateway-client.js';
export { endOnFailureLink } from './client/end-on-failure-link.js';
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
