import { type DeprecationTable, OPERATIONS } from '@assistant-platform/types';
import { type ContractValidator, chatBodyChecks } from '@assistant-platform/types/validation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { replayPlugin } from '../cassettes/replay-hook.js';
import type { ServerConfig } from '../config/load-config.js';
import { registerContractRoutes } from '../contract/contract-routes.js';
import type { InstanceState } from '../instance-state.js';
import { chatRequestHandler } from '../operations/chat-request.js';
import { createAgentHandler } from '../operations/create-agent.js';
import { createEmbeddingsHandler } from '../operations/create-embeddings.js';
import { loadEngines } from '../operations/engines-loader.js';
import { getAgentHandler } from '../operations/get-agent.js';
import type { OperationDeps } from '../operations/operation-deps.js';
import { updateTranscriptionHandler } from '../operations/update-transcription.js';
import { registerOperationErrorHandler } from '../pipeline/error-handler.js';

export interface EnginePlatformOptions {
  config: ServerConfig;
  state: InstanceState;
  validator: ContractValidator;
  /** The chat models the engines serve (a chat body naming another is refused). */
  models: string[];
  deprecations: DeprecationTable;
}

/**
 * The platform's operations under `/v1`, answered by this server: routes, scopes and validation from
 * the contract, the handlers of operations/, the chat and embedding engines loaded in the background
 * (`enginesReady` settles once they have; a request waits for them). In replay mode (REPLAY_DIR)
 * the cassettes answer first, in front of the operations.
 */
async function enginePlatform(
  app: FastifyInstance,
  { config, state, validator, models, deprecations }: EnginePlatformOptions,
): Promise<void> {
  const engines = loadEngines(config.engines, app.log.child({ component: 'engines' }));
  let loaded: Awaited<typeof engines> | undefined;
  const enginesReady = engines.then((each) => {
    loaded = each;
  });
  enginesReady.catch(() => undefined);
  app.decorate('enginesReady', enginesReady);
  app.decorate('enginePool', () => loaded?.poolStats());
  app.addHook('onClose', async () => {
    await (await engines.catch(() => undefined))?.close();
  });
  const { cassettes } = state;
  if (cassettes !== undefined && config.replay !== undefined)
    await app.register(replayPlugin, { library: cassettes, options: config.replay });
  const deps: OperationDeps = {
    repos: state.store.repos,
    engines: () => engines,
    chatFixtures: state.chatFixtures,
  };
  await app.register(
    async (v1) => {
      registerOperationErrorHandler(v1);
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
          deprecations,
        },
      );
    },
    { prefix: '/v1' },
  );
}

export const enginePlatformPlugin = fp(enginePlatform, { name: 'engine-platform', fastify: '5.x' });
