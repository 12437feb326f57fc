/**
 * `@assistant-platform/gateway/client`: what a product team's code imports, without the server.
 * `AppRouter` is a type only, so nothing of the gateway's runtime is bundled.
 */
export {
  createGatewayClient,
  type GatewayClient,
  type GatewayClientOptions,
} from './client/create-gateway-client.js';
export { endOnFailureLink } from './client/end-on-failure-link.js';
export type { AppRouter } from './router/app-router.js';
export type { GatewayErrorData } from './trpc/init.js';
