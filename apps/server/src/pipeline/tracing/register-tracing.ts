/**
 * The server's side of OpenTelemetry tracing (service-kit's `./tracing` makes the request spans):
 * each request's span names its operation, its request id and, once authenticated, its account;
 * `timed` stages are its child spans (auth, db, and the engine's under the GenAI conventions).
 * Imported by app.ts only when OTEL_* variables turn tracing on.
 */
import type { TracingConfig } from '@assistant-platform/service-kit';
import type { FastifyInstance } from 'fastify';
import { packageVersion } from '../../config/package-files.js';

export async function registerTracing(app: FastifyInstance, config: TracingConfig): Promise<void> {
  const { registerRequestTracing } = await import('@assistant-platform/service-kit/tracing');
  registerRequestTracing(app, config, {
    version: packageVersion(),
    describe: (request) => {
      const { operationId, adminOperationId } = request.routeOptions.config;
      return {
        'assistant_platform.request_id': request.id,
        'assistant_platform.operation_id': operationId ?? adminOperationId,
      };
    },
    answered: (request) => ({ 'assistant_platform.account_id': request.auth?.accountId }),
    onRequest: (request, child) => {
      request.traceStage = (stage, name, attributes) =>
        child(name ?? stage, { 'assistant_platform.stage': stage, ...attributes });
    },
  });
}
