/**
 * The server's side of OpenTelemetry tracing (service-kit's `./tracing` makes the request spans):
 * each request's span names its operation, its request id and, once authenticated, its account;
 * `timed` stages are its child spans (auth, db, and the engine's under the GenAI conventions).
 * Imported by the request pipeline only when OTEL_* variables turn tracing on; otherwise
 * `traceStage` is null on every request.
 */
import type { TracingConfig } from '@assistant-platform/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { packageVersion } from '../../config/package-files.js';
import type { SpanAttributes, StageSpan, TimedStage } from './stage-span.js';

export async function registerTracing(app: FastifyInstance, config: TracingConfig): Promise<void> {
  const { registerRequestTracing } = await import('@assistant-platform/service-kit/tracing');
  const tracing = registerRequestTracing(app, config, {
    version: packageVersion(),
    describe: (request) => {
      const { operationId, adminOperationId } = request.routeOptions.config;
      return {
        'assistant_platform.request_id': request.id,
        'assistant_platform.operation_id': operationId ?? adminOperationId,
      };
    },
    answered: (request) => ({ 'assistant_platform.account_id': request.auth?.accountId }),
  });
  // One function on every request's prototype (Fastify puts a decorating function there), called
  // as the request's method: nothing is made per request to offer it.
  function traceStage(
    this: FastifyRequest,
    stage: TimedStage,
    name: string | undefined,
    attributes?: SpanAttributes,
  ): StageSpan {
    const span = tracing.child(this, name ?? stage, attributes);
    span.setAttribute('assistant_platform.stage', stage);
    return span;
  }
  app.decorateRequest('traceStage', traceStage);
}
