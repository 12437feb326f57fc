/**
 * `@assistant-platform/gateway-client`: what a product team's code imports to call the gateway.
 * `AppRouter` is a type only (inlined into this package's declarations), so none of the gateway's
 * server code is installed or bundled.
 */
export type { AppRouter, GatewayErrorData } from '@assistant-platform/gateway';
export {
  createGatewayClient,
  type GatewayClient,
  type GatewayClientOptions,
} from './create-gateway-client.js';
export { endOnFailureLink } from './end-on-failure-link.js';
export {
  GatewayClientError,
  type GatewayClientErrorCode,
  isGatewayClientError,
} from './gateway-client-error.js';
