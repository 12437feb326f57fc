import { chatModels } from '@assistant-platform/engines/config';
import Fastify, { type FastifyInstance } from 'fastify';
import { AuthFailureLimit } from './auth/auth-failure-limit.js';
import { registerAuthHooks } from './auth/auth-hooks.js';
import type { ServerConfig } from './config/load-config.js';
import { createHealthCheck } from './db/database-health.js';
import { openDatabase } from './db/open-database.js';
import { createRepositories } from './db/repositories.js';
import { loadEngines } from './engines-loader.js';
import { registerDrainOnClose } from './http/drain-on-close.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerFaultInjection } from './http/fault-injection.js';
import { onFrameworkError } from './http/framework-errors.js';
import { registerInFlightLimit } from './http/in-flight-limit.js';
import { registerJsonBodyParser } from './http/json-body-parser.js';
import { registerRateLimit } from './http/rate-limit.js';
import { receiveTimeouts } from './http/receive-timeouts.js';
import { registerRequestIdHeader, requestIdOf } from './http/request-id.js';
import { createBodyPool } from './validation/body-pool.js';
import './http/fastify-types.js';
import { chatRequestHandler } from './routes/chat-request.js';
import { registerContractRoutes } from './routes/contract-routes.js';
import { createAgentHandler } from './routes/create-agent.js';
import { createEmbeddingsHandler } from './routes/create-embeddings.js';
import { registerDocsRoute } from './routes/docs-route.js';
import { getAgentHandler } from './routes/get-agent.js';
import { registerMetaRoutes } from './routes/meta-routes.js';
import type { RouteDeps } from './routes/route-deps.js';
import { updateTranscriptionHandler } from './routes/update-transcription.js';
import { applyStartupData, type SeedInput } from './seed/apply-startup-data.js';
import { chatBodyChecks } from './validation/chat-body-checks.js';
import { ContractValidator } from './validation/contract-validator.js';

export interface BuildOptions {
  /** A seed applied after `config.seedPath` (tests pass fixtures here). */
  seed?: SeedInput;
  /** On a database with no token at all, create one (see applyStartupData); `serve` asks for it. */
  createFirstToken?: boolean;
}

/**
 * Builds the app: opens and migrates the database, applies the seed and dev token, wires the
 * engines and registers every route. Listening, signals and shutdown live in server.ts.
 */
export async function build(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = openDatabase(config.databaseUrl);
  const repos = createRepositories(database);
  let app: FastifyInstance | undefined;
  try {
    const validator = new ContractValidator();
    const { firstToken } = applyStartupData(repos, validator, config, {
      extraSeed: options.seed,
      createFirstToken: options.createFirstToken,
    });
    const receiving = receiveTimeouts(config.timeouts);
    app = Fastify({
      logger: {
        level: config.logLevel,
        // Tokens never reach a log line, whatever a future serializer logs.
        redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
      },
      bodyLimit: config.bodyLimit,
      // Long enough that an over-long id reaches validation (400 naming it) instead of missing the route.
      routerOptions: { maxParamLength: 2048 },
      // Malformed URLs (bad percent-encoding) fail before routing: answer them with the envelope too.
      frameworkErrors: onFrameworkError,
      onProtoPoisoning: 'error',
      onConstructorPoisoning: 'error',
      genReqId: requestIdOf,
      requestIdLogLabel: 'requestId',
      forceCloseConnections: 'idle',
      // Requests on connections still open while closing are served (with Connection: close, see
      // drain-on-close.ts) rather than answered with Fastify's own 503 body, which is not an envelope.
      return503OnClosing: false,
      ...receiving.serverOptions,
    });
    receiving.watch(app);
    const engines = loadEngines(config.engines, app.log.child({ component: 'engines' }));
    const enginesReady = engines.then(() => undefined);
    enginesReady.catch(() => undefined);
    app.decorate('enginesReady', enginesReady);
    app.decorate('firstToken', firstToken);
    const deps: RouteDeps = { repos, validator, engines: () => engines };
    const models = chatModels(config.engines);
    const bodies = createBodyPool(models, (error) => app?.log.error({ err: error }, 'body worker failed'));

    app.addHook('onClose', async () => {
      const loaded = await engines.catch(() => undefined);
      await Promise.allSettled([loaded?.close(), bodies.close()]);
      database.close();
    });
    registerErrorHandler(app);
    registerJsonBodyParser(app, bodies);
    registerRequestIdHeader(app);
    registerDrainOnClose(app);
    registerAuthHooks(app, repos.tokens, new AuthFailureLimit(config.authFailureLimit));
    registerFaultInjection(app);
    await registerRateLimit(app, config.rateLimit);
    registerInFlightLimit(app, config.maxHeavyRequestsPerToken);
    registerMetaRoutes(app, createHealthCheck(database, app.log.child({ component: 'database' })));
    registerDocsRoute(app);
    await app.register(
      async (v1) => {
        registerContractRoutes(
          v1,
          validator,
          {
            createAgent: createAgentHandler(deps),
            getAgent: getAgentHandler(deps),
            chatRequest: chatRequestHandler(deps),
            updateTranscription: updateTranscriptionHandler(deps),
            createEmbeddings: createEmbeddingsHandler(deps),
          },
          { chatRequest: chatBodyChecks(models) },
        );
      },
      { prefix: '/v1' },
    );
    await app.ready();
    return app;
  } catch (error) {
    await app?.close().catch(() => undefined);
    database.close();
    throw error;
  }
}
