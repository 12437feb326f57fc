/**
 * Builds the gateway as a Fastify app (not listening): tRPC at `/trpc`, `/healthz`, `/metrics`
 * (with METRICS_TOKEN), request ids.
 * Listening, signals and shutdown live in server.ts, so tests can build and close apps freely.
 */
import { logOutput, registerCors, requestIdOf } from '@assistant-platform/service-kit';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { createGatewayMetrics, timedFetch } from '../metrics/gateway-metrics.js';
import { registerMetricsRoute } from '../metrics/metrics-route.js';
import { type AppRouter, appRouter } from '../router/app-router.js';
import { createContextFactory } from '../trpc/context.js';
import { AgentCache } from '../upstream/agent-cache.js';
import { createPlatformClientFactory } from '../upstream/platform-client.js';
import { createUpstreamFetch, type UpstreamFetch } from '../upstream/upstream-fetch.js';
import { registerHealthz } from './healthz.js';

export interface BuildOptions {
  /** The `fetch` used for platform calls; by default one over undici's `request()` (upstream-fetch.ts). */
  fetch?: typeof fetch;
  /** The gateway's version, on its spans (the CLI passes its package's). */
  version?: string;
}

// The platform accepts bodies up to 10 MiB; a batch may carry several such calls.
const BODY_LIMIT = 32 * 1024 * 1024;

export async function buildGateway(
  config: GatewayConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const logs = await logOutput(config.logFormat);
  const app = Fastify({
    logger: { level: config.logLevel, ...logs.loggerOptions },
    ...logs.serverOptions,
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT,
    // tRPC puts a batch's procedure names in the path ("agents.get,agents.get,...").
    routerOptions: { maxParamLength: 10_000 },
  });

  // First of the request hooks, so what follows is inside the request's span. Loaded only when
  // OTEL_* variables ask for tracing: a gateway without them never loads OpenTelemetry.
  if (config.tracing !== undefined) {
    const { registerRequestTracing } = await import('@assistant-platform/service-kit/tracing');
    const tracing = registerRequestTracing(app, config.tracing, {
      version: options.version ?? '0.0.0',
      describe: (request) => ({ 'assistant_platform.request_id': request.id }),
    });
    app.addHook('onRequest', (request, _reply, done) => {
      request.traceCall = (name, attributes) => tracing.child(request, name, attributes);
      done();
    });
  }
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  logs.register(app);
  // tRPC queries are GETs, mutations and chat.stream's subscription POSTs.
  await registerCors(app, config.corsOrigins, ['GET', 'HEAD', 'POST']);

  const upstreamFetch = options.fetch ?? createUpstreamFetch();
  if (!options.fetch) app.addHook('onClose', () => (upstreamFetch as UpstreamFetch).close());
  const metrics = createGatewayMetrics();
  const services = {
    platformFor: createPlatformClientFactory(config, timedFetch(upstreamFetch, metrics)),
    agentCache: new AgentCache({
      ttlMs: config.agentCacheTtlMs,
      maxEntries: config.agentCacheMaxEntries,
      onRead: (result) => metrics.agentCache.inc({ result }),
    }),
    countCall: (procedure: string, outcome: string) => metrics.calls.inc({ procedure, outcome }),
  };

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // Lets a subscription be requested by POST, its input in the body: chat.stream takes no other
      // way (see bodyInputProcedure), so what a user wrote never travels in a URL.
      allowMethodOverride: true,
      createContext: createContextFactory(services),
      // What the platform announced as deprecated for this request's calls, passed on as it said it.
      responseMeta: ({ ctx }) => ({ headers: ctx?.deprecationHeaders ?? {} }),
      onError({ error, path, req }) {
        // Server-side failures are logged with their cause (the caller got a bare message).
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          req.log.error({ err: error.cause ?? error, path }, 'gateway call failed');
        } else {
          req.log.info({ code: error.code, path }, 'gateway call rejected');
        }
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  registerHealthz(app, config.upstreamBaseUrl, upstreamFetch);
  registerMetricsRoute(app, metrics, config.metricsToken);
  return app;
}
