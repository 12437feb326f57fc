import { chatModels } from '@assistant-platform/engines/config';
import type { Engines } from '@assistant-platform/engines/types';
import { logOutput, registerCors, requestIdOf } from '@assistant-platform/service-kit';
import { DEPRECATIONS, type DeprecationTable, OPERATIONS } from '@assistant-platform/types';
import type { ChatFixtureInput } from '@assistant-platform/types/admin';
import { ContractValidator, chatBodyChecks } from '@assistant-platform/types/validation';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAdminRoutes } from './admin/admin-routes.js';
import { ChatFixtures } from './admin/chat-fixtures.js';
import { checkChatFixtures, startupChatFixtureInputs } from './admin/chat-fixtures-file.js';
import { FaultRules } from './admin/fault-rules.js';
import { Journal, type RecordingJournal } from './admin/journal.js';
import { registerJournalRecorder } from './admin/journal-recorder.js';
import { Violations } from './admin/violations.js';
import { type CassetteLibrary, loadCassettes } from './cassettes/cassette-library.js';
import { registerReplay } from './cassettes/replay-hook.js';
import type { ServerConfig } from './config/load-config.js';
import { adminValidator } from './contract/admin-validator.js';
import { registerContractRoutes } from './contract/contract-routes.js';
import './contract/fastify-types.js';
import type { ChatFixturesStore, FaultRulesStore, ViolationsStore } from './contract/fastify-types.js';
import { createHealthCheck } from './db/health-check.js';
import { openStore } from './db/open-store.js';
import type { Store } from './db/store.js';
import { registerConsoleRoute } from './meta/console-route.js';
import { registerDocsRoute } from './meta/docs-route.js';
import { registerMetaRoutes } from './meta/meta-routes.js';
import type { SharedConnection, SharedState } from './open-shared-state.js';
import { chatRequestHandler } from './operations/chat-request.js';
import { createAgentHandler } from './operations/create-agent.js';
import { createEmbeddingsHandler } from './operations/create-embeddings.js';
import { loadEngines } from './operations/engines-loader.js';
import { getAgentHandler } from './operations/get-agent.js';
import { type OperationDeps, WRITING_OPERATIONS } from './operations/operation-deps.js';
import { updateTranscriptionHandler } from './operations/update-transcription.js';
import { registerAccountAdmission } from './pipeline/account-admission.js';
import { registerAuthHooks } from './pipeline/auth.js';
import { AuthFailureLimit } from './pipeline/auth-failure-limit.js';
import { createBodyPool } from './pipeline/body/body-pool.js';
import { registerJsonBodyParser } from './pipeline/body/json-body-parser.js';
import { registerDrainOnClose } from './pipeline/drain-on-close.js';
import { registerErrorHandler } from './pipeline/error-handler.js';
import { registerFaults } from './pipeline/faults/fault-hook.js';
import { onFrameworkError } from './pipeline/framework-errors.js';
import { registerIdempotency } from './pipeline/idempotency.js';
import { inFlightSlots, registerInFlightLimit } from './pipeline/in-flight-limit.js';
import { registerLoopTurns } from './pipeline/loop-turns.js';
import { registerMetricsHooks } from './pipeline/metrics/metrics-hooks.js';
import { createServerMetrics } from './pipeline/metrics/server-metrics.js';
import { registerRateLimit } from './pipeline/rate-limit.js';
import { receiveTimeouts } from './pipeline/receive-timeouts.js';
import { registerRequestIdHeader } from './pipeline/request-id.js';
import { registerResponseListenerRoom } from './pipeline/response-listeners.js';
import { registerServerTiming } from './pipeline/server-timing.js';
import { registerStalledStreamCut } from './pipeline/stalled-stream-cut.js';
import { registerTracing } from './pipeline/tracing/register-tracing.js';
import type { TargetClient } from './proxy/target-client.js';
import { applyStartupData, type SeedInput } from './seed/apply-startup-data.js';
import { exportState } from './seed/export-state.js';

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

/**
 * Builds the app: opens and migrates the database, applies the seed and dev token, wires the
 * engines and registers every route. Listening, signals and shutdown live in server.ts. In proxy
 * mode (`config.proxy`) the platform's routes forward to the target instead, and no engine loads;
 * the database still holds the tokens of the admin API.
 */
export async function build(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const receiving = receiveTimeouts(config.timeouts);
  const logs = await logOutput(config.logFormat);
  const app = Fastify({
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
    trustProxy: config.trustProxy,
    requestIdLogLabel: 'requestId',
    forceCloseConnections: 'idle',
    // Requests on connections still open while closing are served (with Connection: close, see
    // drain-on-close.ts) rather than answered with Fastify's own 503 body, which is not an envelope.
    return503OnClosing: false,
    ...receiving.serverOptions,
    ...logs.serverOptions,
  });
  let store: Store | undefined;
  let connection: SharedConnection | undefined;
  let shared: SharedState | undefined;
  try {
    const databaseLog = app.log.child({ component: 'database' });
    const sharedLog = app.log.child({ component: 'redis' });
    // Loaded only with REDIS_URL: a server without it never loads ioredis.
    const sharing = config.redis === undefined ? undefined : await import('./open-shared-state.js');
    if (sharing !== undefined && config.redis !== undefined)
      connection = await sharing.connectShared(config.redis, sharedLog);
    store = await openStore(config.database, databaseLog, connection?.changeBus);
    const { repos } = store;
    if (store.dialect === 'postgres' && connection === undefined)
      // Without Redis, what lives in memory is not shared: say so to whoever runs several instances.
      databaseLog.warn(
        'PostgreSQL without REDIS_URL: rate limits, failed-authentication and in-flight limits, the journal, ' +
          "fault rules, chat fixtures and violations live in this instance's memory, so N instances on this " +
          'database let N times a limit through and each keeps its own; token and agent caches follow the ' +
          'other instances through LISTEN/NOTIFY. Set REDIS_URL to share them.',
      );
    const validator = new ContractValidator();
    // Before anything starts: a cassette that cannot be replayed stops start-up, naming it.
    const cassettes: CassetteLibrary | undefined =
      config.replay === undefined
        ? undefined
        : loadCassettes(
            config.replay.dir,
            { platform: validator, admin: adminValidator() },
            config.replay.ignore,
          );
    const { firstToken } = await applyStartupData(repos, config, {
      extraSeed: options.seed,
      createFirstToken: options.createFirstToken,
    });
    // What `POST /_admin/reset` goes back to.
    const startupState = await exportState(repos);
    const startupChatFixtures =
      options.chatFixtures === undefined
        ? []
        : checkChatFixtures(options.chatFixtures, 'chatFixtures', adminValidator());
    const authFailures = new AuthFailureLimit(config.authFailureLimit);
    if (sharing !== undefined && connection !== undefined)
      shared = await sharing.shareState(connection, config, sharedLog, {
        authFailures,
        startupChatFixtures: startupChatFixtureInputs(
          config.chatFixturesPath,
          startupChatFixtures,
          adminValidator(),
        ),
      });
    const journal: RecordingJournal = shared?.journal ?? new Journal(config.journal);
    const faultRules: FaultRulesStore = shared?.faultRules ?? new FaultRules(config.faultSeed);
    const violations: ViolationsStore = shared?.violations ?? new Violations();
    const chatFixtures: ChatFixturesStore =
      shared?.chatFixtures ?? localChatFixtures(config, startupChatFixtures);
    receiving.watch(app);
    logs.register(app);
    const engines =
      config.proxy === undefined
        ? loadEngines(config.engines, app.log.child({ component: 'engines' }))
        : undefined;
    let loadedEngines: Engines | undefined;
    const enginesReady =
      engines === undefined
        ? Promise.resolve()
        : engines.then((loaded) => {
            loadedEngines = loaded;
          });
    enginesReady.catch(() => undefined);
    app.decorate('enginesReady', enginesReady);
    app.decorate('firstToken', firstToken);
    app.decorate('journal', journal);
    app.decorate('faultRules', faultRules);
    app.decorate('chatFixtures', chatFixtures);
    app.decorate('violations', violations);
    app.decorate('cassettes', cassettes?.size);
    const deps: OperationDeps = {
      repos,
      engines: () => engines ?? Promise.reject(new Error('no engine runs in proxy mode')),
    };
    const models = chatModels(config.engines);
    const bodies = createBodyPool({
      chatModels: models,
      deadlineMs: config.workDeadlineMs,
      workerNice: config.workerNice,
      onError: (error) => app.log.error({ err: error }, 'body worker failed'),
    });

    // The proxy's modules (its HTTP client, the cassette recorder) load only in proxy mode.
    const target: TargetClient | undefined =
      config.proxy === undefined
        ? undefined
        : (await import('./proxy/target-client.js')).createTargetClient(
            config.proxy,
            app.log.child({ component: 'proxy' }),
          );
    const opened = store;
    const openedShared = shared;
    app.addHook('onClose', async () => {
      await target?.close();
      const loaded = await engines?.catch(() => undefined);
      await Promise.allSettled([loaded?.close(), bodies.close()]);
      await opened.close();
      await openedShared?.close();
    });
    registerErrorHandler(app);
    registerResponseListenerRoom(app);
    // First of the request hooks, so every stage after it is inside the request's span. Loaded only
    // when OTEL_* variables ask for tracing: a server without them never loads OpenTelemetry.
    app.decorateRequest('traceStage', null);
    if (config.tracing !== undefined) await registerTracing(app, config.tracing);
    // Before authentication, so requests that fail it are journaled too.
    registerJournalRecorder(app, journal);
    const isReady = createHealthCheck(store, databaseLog);
    const sharedHealth = connection?.health;
    const metrics = createServerMetrics({
      databaseUp: async () => (await isReady()) === undefined,
      ...(sharedHealth === undefined ? {} : { redisUp: async () => (await sharedHealth()).redis === 'ok' }),
      journalEntries: () => journal.entryCount(),
      enginePool: () => loadedEngines?.poolStats(),
    });
    registerMetricsHooks(app, metrics);
    registerJsonBodyParser(app, bodies);
    registerRequestIdHeader(app);
    registerServerTiming(app);
    registerStalledStreamCut(app, config.streamStallMs);
    registerDrainOnClose(app, config.drain);
    await registerCors(app, config.corsOrigins, ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
    registerAuthHooks(app, repos.tokens, authFailures);
    // Before a fault can hold a request: a held request is in flight too.
    registerAccountAdmission(app, config.accountAdmission, config.bodyLimit);
    const inFlight = inFlightSlots(config.maxHeavyRequestsPerToken, shared?.inFlight);
    registerFaults(app, inFlight);
    await registerRateLimit(app, config.rateLimit, shared?.rateLimitStore);
    registerInFlightLimit(app, inFlight);
    // First of the hooks after body parsing: operations go on in turns of the loop, accounts in rotation.
    registerLoopTurns(app);
    registerIdempotency(app, store, validator, { ...config.idempotency, transactional: WRITING_OPERATIONS });
    registerMetaRoutes(app, isReady, target, sharedHealth);
    registerDocsRoute(app);
    registerConsoleRoute(app, options.consoleDir);
    if (cassettes !== undefined && config.replay !== undefined) registerReplay(app, cassettes, config.replay);
    if (config.proxy !== undefined && target !== undefined) {
      const { recordDir, redactHeaders, redactQuery } = config.proxy;
      const [{ registerProxyRoutes }, { CassetteRecorder }] = await Promise.all([
        import('./proxy/proxy-route.js'),
        import('./cassettes/cassette-recorder.js'),
      ]);
      const recorder =
        recordDir === undefined
          ? undefined
          : new CassetteRecorder(
              recordDir,
              { headers: redactHeaders, query: redactQuery },
              app.log.child({ component: 'recorder' }),
            );
      await registerProxyRoutes(app, { target, validator, bodies, recorder });
    } else
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
            {
              config: (operationId) => ({ scope: OPERATIONS[operationId].scope, operationId }),
              checks: { chatRequest: chatBodyChecks(models) },
              deprecations: options.deprecations ?? DEPRECATIONS,
            },
          );
        },
        { prefix: '/v1' },
      );
    await registerAdminRoutes(app, {
      store,
      validator: adminValidator(),
      journal,
      faultRules,
      chatFixtures,
      violations,
      ...(cassettes === undefined ? {} : { restartReplay: () => cassettes.restart() }),
      startupState,
      chatFixturesPath: config.chatFixturesPath,
      startupChatFixtures,
      metrics,
      ...(connection === undefined ? {} : { sharedStateReachable: connection.assertReachable }),
    });
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    await store?.close().catch(() => undefined);
    await (shared?.close() ?? connection?.redis.close())?.catch(() => undefined);
    throw error;
  }
}

/**
 * The chat fixtures of an instance that shares none: `CHAT_FIXTURES`'s, then those given in code,
 * operators' (answering every account's chats).
 */
function localChatFixtures(config: ServerConfig, startup: readonly ChatFixtureInput[]): ChatFixtures {
  const fixtures = new ChatFixtures(adminValidator());
  if (config.chatFixturesPath !== undefined) fixtures.load(config.chatFixturesPath);
  for (const fixture of startup) fixtures.add(fixture, null);
  return fixtures;
}
