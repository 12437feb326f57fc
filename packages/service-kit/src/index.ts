/**
 * `@assistant-platform/service-kit`: what the reference server and the gateway, two Fastify
 * services, do alike and decide once: CORS, request ids, how they log, and reading `.env`.
 */
export { CORS_EXPOSED_HEADERS, type CorsOrigins, parseCorsOrigins } from './cors-origins.js';
export { loadDotEnv } from './load-dot-env.js';
export { type LogFormat, type LogOutput, logOutput } from './log-output.js';
export { registerCors } from './register-cors.js';
export { requestIdOf } from './request-id.js';
