/**
 * Embeddings through any OpenAI-compatible server: `POST {url}/embeddings` in batches of at most
 * 64 inputs. Batches run in parallel (a request has at most 256 sentences, so at most 4 calls at
 * once); the first failure aborts the others. Vectors come back in input order, L2-normalized as the
 * contract promises, whatever order or scale the upstream used.
 */
import {
  type EmbeddingEngine,
  type EngineCallOptions,
  EngineError,
  type EngineLogger,
  type UpstreamConfig,
} from '../types.js';
import { requireDefaultModel } from './contract-models.js';
import { checkDimensions, readEmbeddings } from './embedding-answer.js';
import { logUpstreamInUse } from './upstream-config-log.js';
import { postUpstream, readJsonBody, upstreamContext } from './upstream-request.js';

export const EMBEDDING_BATCH_SIZE = 64;
const PATH = '/embeddings';

/** Throws a ConfigError when EMBEDDINGS_MODEL_MAP leaves out the contract's embeddings model. */
export function createOpenAIEmbeddingEngine(config: UpstreamConfig, logger: EngineLogger): EmbeddingEngine {
  requireDefaultModel(config.modelMap, 'EmbeddingsModel', 'EMBEDDINGS_MODEL_MAP');
  logUpstreamInUse('embeddings', config, logger);
  return {
    // `lang` is only a hint for the local engine; OpenAI-style servers take none.
    async embed(request, options): Promise<number[][]> {
      const context = upstreamContext('embeddings', config, PATH, options.requestId, logger);
      const upstreamModel = config.modelMap[request.model];
      // The contract's model enum is already checked, so an unmapped model is our configuration's fault.
      if (upstreamModel === undefined) {
        logger.error(
          { requestId: options.requestId, model: request.model },
          'EMBEDDINGS_MODEL_MAP has no entry for this model',
        );
        throw new EngineError(500, 'The embeddings model is not configured');
      }
      // One signal for every batch: a failed batch, or the caller, stops the rest.
      const siblings = new AbortController();
      const batchOptions: EngineCallOptions = {
        requestId: options.requestId,
        signal: AbortSignal.any([options.signal, siblings.signal]),
      };
      const embedBatch = async (input: string[]): Promise<number[][]> => {
        const exchange = await postUpstream(config, context, { model: upstreamModel, input }, batchOptions);
        return readEmbeddings(await readJsonBody(exchange), input.length, context);
      };
      try {
        const batches = await Promise.all(batchesOf(request.sentences).map(embedBatch));
        return checkDimensions(batches.flat(), context);
      } catch (error) {
        siblings.abort();
        throw error;
      }
    },
  };
}

function batchesOf(sentences: string[]): string[][] {
  const batches: string[][] = [];
  for (let start = 0; start < sentences.length; start += EMBEDDING_BATCH_SIZE) {
    batches.push(sentences.slice(start, start + EMBEDDING_BATCH_SIZE));
  }
  return batches;
}
