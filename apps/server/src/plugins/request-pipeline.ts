import { registerCors } from '@assistant-platform/service-kit';
import type { ContractValidator } from '@assistant-platform/types/validation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { journalRecorderPlugin } from '../admin/journal-recorder.js';
import type { OptionalFeature, ServerConfig } from '../config/load-config.js';
import type { InstanceState } from '../instance-state.js';
import { WRITING_OPERATIONS } from '../operations/operation-deps.js';
import { registerAuthHooks } from '../pipeline/auth.js';
import type { BodyPool } from '../pipeline/body/body-pool.js';
import { registerJsonBodyParser } from '../pipeline/body/json-body-parser.js';
import { registerDrainOnClose } from '../pipeline/drain-on-close.js';
import { registerErrorHandler } from '../pipeline/error-handler.js';
import { faultsPlugin } from '../pipeline/faults/fault-hook.js';
import { idempotencyPlugin } from '../pipeline/idempotency.js';
import { registerLoopTurns } from '../pipeline/loop-turns.js';
import { registerMetricsHooks } from '../pipeline/metrics/metrics-hooks.js';
import type { ServerMetrics } from '../pipeline/metrics/server-metrics.js';
import { registerRequestIdHeader } from '../pipeline/request-id.js';
import { registerResponseListenerRoom } from '../pipeline/response-listeners.js';
import { registerServerTiming } from '../pipeline/server-timing.js';
import { registerStalledStreamCut } from '../pipeline/stalled-stream-cut.js';
import { registerTracing } from '../pipeline/tracing/register-tracing.js';
import { tenancyLimitsPlugin } from './tenancy-limits.js';

export interface RequestPipelineOptions {
  config: ServerConfig;
  state: InstanceState;
  validator: ContractValidator;
  bodies: BodyPool;
  /** Undefined with FEATURES_OFF=metrics. */
  metrics: ServerMetrics | undefined;
}

/**
 * Every request's way to its route, in order. The stages every request needs are registered here;
 * the features are plugins of their own (the journal, the tenancy limits, faults, idempotency),
 * each adding its hooks (most of them only to the routes that need them: see
 * pipeline/route-hooks.ts) and declaring what it needs of the stages before it. A feature that is
 * off is not registered (faults and account admission with FEATURES_OFF), or adds no hook (the
 * journal with JOURNAL_MAX=0, tracing without OTEL_* variables): see config/load-config.ts. The
 * order is the pipeline's contract: 401 → 429 → 403 → 400, a fault applied after authentication
 * and before any write, a held request already counted as in flight.
 */
async function requestPipeline(
  app: FastifyInstance,
  { config, state, validator, bodies, metrics }: RequestPipelineOptions,
): Promise<void> {
  const on = (feature: OptionalFeature) => !config.featuresOff.has(feature);
  registerErrorHandler(app);
  registerResponseListenerRoom(app);
  // First of the request hooks, so every stage after it is inside the request's span. Loaded only
  // when OTEL_* variables ask for tracing: a server without them never loads OpenTelemetry.
  if (config.tracing === undefined) app.decorateRequest('traceStage', null);
  else await registerTracing(app, config.tracing);
  // Before authentication, so requests that fail it are journaled too.
  await app.register(journalRecorderPlugin, { journal: state.journal });
  if (metrics !== undefined) registerMetricsHooks(app, metrics);
  registerJsonBodyParser(app, bodies);
  registerRequestIdHeader(app);
  registerServerTiming(app);
  registerStalledStreamCut(app, config.streamStallMs);
  registerDrainOnClose(app, config.drain);
  await registerCors(app, config.corsOrigins, ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
  registerAuthHooks(app, state.store.repos.tokens, state.authFailures);
  await app.register(tenancyLimitsPlugin, {
    config,
    admission: on('account-admission'),
    shared: state.shared,
  });
  // The journal and the operations read the request's fault whether or not faults are on.
  app.decorateRequest('fault', null);
  if (on('faults')) await app.register(faultsPlugin, { rules: state.faultRules });
  // First of the hooks after body parsing: operations go on in turns of the loop, accounts in rotation.
  registerLoopTurns(app);
  await app.register(idempotencyPlugin, {
    store: state.store,
    validator,
    options: { ...config.idempotency, transactional: WRITING_OPERATIONS },
  });
}

/** The pipeline as a plugin of the app itself (not encapsulated): its hooks see every route. */
export const requestPipelinePlugin = fp(requestPipeline, { name: 'request-pipeline', fastify: '5.x' });
