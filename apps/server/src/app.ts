import { chatModels } from '@assistant-platform/engines/config';
import { logOutput, requestIdOf } from '@assistant-platform/service-kit';
import { DEPRECATIONS, type DeprecationTable } from '@assistant-platform/types';
import type { ChatFixtureInput } from '@assistant-platform/types/admin';
import { ContractValidator } from '@assistant-platform/types/validation';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config/load-config.js';
import './contract/fastify-types.js';
import { createHealthCheck } from './db/health-check.js';
import { type InstanceState, openInstanceState } from './instance-state.js';
import { registerConsoleRoute } from './meta/console-route.js';
import { registerDocsRoute } from './meta/docs-route.js';
import { registerMetaRoutes } from './meta/meta-routes.js';
import { createBodyPool } from './pipeline/body/body-pool.js';
import { onFrameworkError } from './pipeline/framework-errors.js';
import { createServerMetrics } from './pipeline/metrics/server-metrics.js';
import { receiveTimeouts } from './pipeline/receive-timeouts.js';
import { adminApiPlugin } from './plugins/admin-api.js';
import { enginePlatformPlugin } from './plugins/engine-platform.js';
import { requestPipelinePlugin } from './plugins/request-pipeline.js';
import type { SeedInput } from './seed/apply-startup-data.js';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A number of hops becomes the test proxy-addr made of it
 * before Fastify 5.12 (the `hops` nearest addresses are proxies, whoever they are): Fastify now
 * trusts no one for a bare number, which would make every client behind a balancer one address.
 * Naming the balancer's addresses instead also checks who the peer is (see the README).
 */
function fastifyTrustProxy(
  trust: ServerConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export interface BuildOptions {
  /** A seed applied after `config.seedPath` (tests pass fixtures here). */
  seed?: SeedInput;
  /** On a database with no token at all, create one (see applyStartupData); `serve` asks for it. */
  createFirstToken?: boolean;
  /** Where the console's built files are; by default the package's `dist/console` (tests pass others). */
  consoleDir?: string;
  /** Chat fixtures to start with, after `CHAT_FIXTURES`'s; a reset puts them back. */
  chatFixtures?: readonly ChatFixtureInput[];
  /** What the platform's routes announce as deprecated; by default what the contract deprecates. */
  deprecations?: DeprecationTable;
}

/** Fastify's options: the contract's limits, the envelope for its own errors, the logs, the balancer. */
function fastifyOptions(
  config: ServerConfig,
  receiving: ReturnType<typeof receiveTimeouts>,
  logs: Awaited<ReturnType<typeof logOutput>>,
): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      // Tokens never reach a log line, whatever a future serializer logs.
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
      ...logs.loggerOptions,
    },
    bodyLimit: config.bodyLimit,
    // Long enough that an over-long id reaches validation (400 naming it) instead of missing the route.
    routerOptions: { maxParamLength: 2048 },
    // Malformed URLs (bad percent-encoding) fail before routing: answer them with the envelope too.
    frameworkErrors: onFrameworkError,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    genReqId: requestIdOf,
    // Behind a load balancer, the client's address (the failed-authentication limit's key) is the
    // one its X-Forwarded-For names, when TRUST_PROXY says whom to believe.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    forceCloseConnections: 'idle',
    // Requests on connections still open while closing are served (with Connection: close, see
    // drain-on-close.ts) rather than answered with Fastify's own 503 body, which is not an envelope.
    return503OnClosing: false,
    ...receiving.serverOptions,
    ...logs.serverOptions,
  };
}

/**
 * Builds the app from the configuration: opens what the instance keeps (instance-state.ts: the
 * database with its start-up data, Redis, the admin API's stores), then registers the request
 * pipeline and its features (plugins/request-pipeline.ts), the meta routes, the platform under /v1
 * — answered by the engines (plugins/engine-platform.ts, with replay in front when REPLAY_DIR is
 * set) or, in proxy mode, forwarded (plugins/proxy-platform.ts) — and the admin API
 * (plugins/admin-api.ts). Listening, signals and shutdown live in server.ts.
 */
export async function build(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const receiving = receiveTimeouts(config.timeouts);
  const logs = await logOutput(config.logFormat);
  const app = Fastify(fastifyOptions(config, receiving, logs));
  let state: InstanceState | undefined;
  try {
    const validator = new ContractValidator();
    state = await openInstanceState(config, options, validator, app.log);
    const opened = state;
    receiving.watch(app);
    logs.register(app);
    const models = chatModels(config.engines);
    const bodies = createBodyPool({
      chatModels: models,
      deadlineMs: config.workDeadlineMs,
      workerNice: config.workerNice,
      onError: (error) => app.log.error({ err: error }, 'body worker failed'),
    });
    // Its threads start once the server listens and its engines have loaded (or the first large
    // body starts them): their own start-up, on both cores of a small machine, slows the server's.
    app.addHook('onListen', async () => {
      void app.enginesReady.catch(() => undefined).then(() => bodies.start());
    });
    app.addHook('onClose', async () => {
      await bodies.close();
      await opened.close();
    });
    app.decorate('firstToken', state.firstToken);
    const isReady = createHealthCheck(state.store, app.log.child({ component: 'database' }));
    const sharedHealth = state.connection?.health;
    // With FEATURES_OFF=metrics there is no registry: no figure is kept, and no collector runs.
    const metrics = config.featuresOff.has('metrics')
      ? undefined
      : createServerMetrics({
          databaseUp: async () => (await isReady()) === undefined,
          ...(sharedHealth === undefined
            ? {}
            : { redisUp: async () => (await sharedHealth()).redis === 'ok' }),
          journalEntries: () => opened.journal.entryCount(),
          enginePool: () => app.enginePool(),
        });
    await app.register(requestPipelinePlugin, { config, state, validator, bodies, metrics });
    // The proxy's modules (its HTTP client, its routes, the cassette recorder) load only in proxy mode.
    const proxy = config.proxy && { config: config.proxy, ...(await import('./plugins/proxy-platform.js')) };
    const target = proxy?.createTargetClient(proxy.config, app.log.child({ component: 'proxy' }));
    registerMetaRoutes(app, isReady, target, sharedHealth);
    registerDocsRoute(app);
    registerConsoleRoute(app, options.consoleDir);
    if (proxy && target) {
      const { violations } = state;
      await app.register(proxy.proxyPlatformPlugin, {
        config: proxy.config,
        target,
        validator,
        bodies,
        violations,
      });
    } else
      await app.register(enginePlatformPlugin, {
        config,
        state,
        validator,
        models,
        deprecations: options.deprecations ?? DEPRECATIONS,
      });
    await app.register(adminApiPlugin, { config, state, metrics });
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    await state?.close().catch(() => undefined);
    throw error;
  }
}
