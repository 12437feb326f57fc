/**
 * `@assistant-platform/service-kit`: what the reference server and the gateway, two Fastify
 * services, do alike and decide once: CORS, request ids, how they log, reading `.env`, and when
 * they trace (OpenTelemetry itself is in the `./tracing` entry, loaded only then).
 */

export { CORS_EXPOSED_HEADERS, type CorsOrigins, parseCorsOrigins } from './cors-origins.js';
export { blankAsUndefined, envInteger, envText, parsedBy, refuse } from './env-schema.js';
export { loadDotEnv } from './load-dot-env.js';
export { type LogFormat, type LogOutput, logOutput } from './log-output.js';
export { registerCors } from './register-cors.js';
export { requestIdOf } from './request-id.js';
export { type TracingConfig, toTracingConfig, tracingEnvSchema } from './tracing/tracing-config.js';
