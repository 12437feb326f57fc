import { registerCors } from '@assistant-platform/service-kit';
import type { ContractValidator } from '@assistant-platform/types/validation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerJournalRecorder } from '../admin/journal-recorder.js';
import type { OptionalFeature, ServerConfig } from '../config/load-config.js';
import type { InstanceState } from '../instance-state.js';
import { WRITING_OPERATIONS } from '../operations/operation-deps.js';
import { registerAccountAdmission } from '../pipeline/account-admission.js';
import { registerAuthHooks } from '../pipeline/auth.js';
import type { BodyPool } from '../pipeline/body/body-pool.js';
import { registerJsonBodyParser } from '../pipeline/body/json-body-parser.js';
import { registerDrainOnClose } from '../pipeline/drain-on-close.js';
import { registerErrorHandler } from '../pipeline/error-handler.js';
import { registerFaults } from '../pipeline/faults/fault-hook.js';
import { registerIdempotency } from '../pipeline/idempotency.js';
import { inFlightSlots, registerInFlightLimit } from '../pipeline/in-flight-limit.js';
import { registerLoopTurns } from '../pipeline/loop-turns.js';
import { registerMetricsHooks } from '../pipeline/metrics/metrics-hooks.js';
import type { ServerMetrics } from '../pipeline/metrics/server-metrics.js';
import { registerRateLimit } from '../pipeline/rate-limit.js';
import { registerRequestIdHeader } from '../pipeline/request-id.js';
import { registerResponseListenerRoom } from '../pipeline/response-listeners.js';
import { registerServerTiming } from '../pipeline/server-timing.js';
import { registerStalledStreamCut } from '../pipeline/stalled-stream-cut.js';
import { registerTracing } from '../pipeline/tracing/register-tracing.js';

export interface RequestPipelineOptions {
  config: ServerConfig;
  state: InstanceState;
  validator: ContractValidator;
  bodies: BodyPool;
  /** Undefined with FEATURES_OFF=metrics. */
  metrics: ServerMetrics | undefined;
}

/**
 * Every request's way to its route, in order: the stages each add their own hooks (most of them
 * only to the routes that need them: see pipeline/route-hooks.ts), and a stage that is off adds none
 * (tracing without OTEL_* variables, the journal with JOURNAL_MAX=0, and the features FEATURES_OFF
 * names: see config/load-config.ts). The order is the pipeline's
 * contract: 401 → 429 → 403 → 400, a fault applied after authentication and before any write, a
 * held request already counted as in flight.
 */
async function requestPipeline(
  app: FastifyInstance,
  { config, state, validator, bodies, metrics }: RequestPipelineOptions,
): Promise<void> {
  registerErrorHandler(app);
  registerResponseListenerRoom(app);
  // First of the request hooks, so every stage after it is inside the request's span. Loaded only
  // when OTEL_* variables ask for tracing: a server without them never loads OpenTelemetry.
  app.decorateRequest('traceStage', null);
  if (config.tracing !== undefined) await registerTracing(app, config.tracing);
  // Before authentication, so requests that fail it are journaled too.
  const on = (feature: OptionalFeature) => !config.featuresOff.has(feature);
  registerJournalRecorder(app, state.journal);
  if (metrics !== undefined) registerMetricsHooks(app, metrics);
  registerJsonBodyParser(app, bodies);
  registerRequestIdHeader(app);
  registerServerTiming(app);
  registerStalledStreamCut(app, config.streamStallMs);
  registerDrainOnClose(app, config.drain);
  await registerCors(app, config.corsOrigins, ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
  registerAuthHooks(app, state.store.repos.tokens, state.authFailures);
  // Before a fault can hold a request: a held request is in flight too.
  if (on('account-admission')) registerAccountAdmission(app, config.accountAdmission, config.bodyLimit);
  const inFlight = inFlightSlots(config.maxHeavyRequestsPerToken, state.shared?.inFlight);
  app.decorateRequest('fault', null);
  if (on('faults')) registerFaults(app, inFlight);
  await registerRateLimit(app, config.rateLimit, state.shared?.rateLimitStore);
  registerInFlightLimit(app, inFlight);
  // First of the hooks after body parsing: operations go on in turns of the loop, accounts in rotation.
  registerLoopTurns(app);
  registerIdempotency(app, state.store, validator, {
    ...config.idempotency,
    transactional: WRITING_OPERATIONS,
  });
}

/** The pipeline as a plugin of the app itself (not encapsulated): its hooks see every route. */
export const requestPipelinePlugin = fp(requestPipeline, { name: 'request-pipeline', fastify: '5.x' });
