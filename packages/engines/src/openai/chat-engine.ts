/**
 * Chat through any OpenAI-compatible server (Ollama, llama.cpp, vLLM, SGLang, LM Studio, LiteLLM,
 * a hosted API): our request becomes `POST {url}/chat/completions`, always asking for a stream (see
 * whole-answer.ts), its answer our completion or stream events, its failures our 400/429/500.
 */
import {
  type ChatCompletion,
  type ChatEngine,
  type ChatEngineRequest,
  type ChatStreamEvent,
  type EngineCallOptions,
  EngineError,
  type EngineLogger,
  type UpstreamConfig,
} from '../types.js';
import { readCompletion } from './chat-answer.js';
import { buildChatBody } from './chat-body.js';
import { carriesImages } from './chat-messages.js';
import { readChatStream } from './chat-stream.js';
import { checkedCompletion } from './checked-completion.js';
import { requireDefaultModel } from './contract-models.js';
import { responseFormatCheck } from './response-format.js';
import { logUpstreamInUse } from './upstream-config-log.js';
import type { UpstreamContext } from './upstream-errors.js';
import { postUpstream, readJsonBody, upstreamContext } from './upstream-request.js';
import { wholeAnswer } from './whole-answer.js';

const PATH = '/chat/completions';

/**
 * The offline reference engine, asked for the same request: it refuses with the 400 the contract
 * promises (naming `/max_tokens`, "needs N tokens") when even the smallest JSON valid against the
 * `response_format` schema cannot fit in `max_tokens`, and it does that work on its worker pool,
 * under its budget. Its answer itself is not used.
 */
export type StructuredBudgetCheck = Pick<ChatEngine, 'complete'>;

/** Throws a ConfigError when CHAT_MODEL_MAP leaves out the contract's default chat model. */
export function createOpenAIChatEngine(
  config: UpstreamConfig,
  logger: EngineLogger,
  budget: StructuredBudgetCheck,
): ChatEngine {
  requireDefaultModel(config.modelMap, 'ChatModel', 'CHAT_MODEL_MAP');
  logUpstreamInUse('chat', config, logger);

  /** The answer's events; a server that ignores `stream: true` and answers JSON is one delta. */
  const ask = async (
    request: ChatEngineRequest,
    options: EngineCallOptions,
  ): Promise<{ events: AsyncIterable<ChatStreamEvent>; context: UpstreamContext }> => {
    const upstreamModel = config.modelMap[request.model];
    // The route already rejects models outside `models`; this guards direct callers.
    if (upstreamModel === undefined) {
      throw new EngineError(400, 'Unknown model', {
        issues: [{ path: '/model', message: `must be one of: ${Object.keys(config.modelMap).join(', ')}` }],
      });
    }
    const body = buildChatBody(request, upstreamModel);
    const images = carriesImages(body.messages);
    const context = upstreamContext('chat', config, PATH, options.requestId, logger, images);
    const exchange = await postUpstream(config, context, body, options);
    const type = exchange.response.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream')) return { events: readChatStream(exchange), context };
    return { events: oneShot(readCompletion(await readJsonBody(exchange), context)), context };
  };

  const completeOnce = async (request: ChatEngineRequest, options: EngineCallOptions) => {
    const { events, context } = await ask(request, options);
    return { completion: await wholeAnswer(events, request.max_tokens, context), context };
  };

  // Checks the schema before anything is sent, so a schema we cannot honour never costs a generation.
  const complete = async (
    request: ChatEngineRequest,
    options: EngineCallOptions,
  ): Promise<ChatCompletion> => {
    const check = responseFormatCheck(request);
    if (!check) return (await completeOnce(request, options)).completion;
    await budget.complete(request, options);
    return checkedCompletion(() => completeOnce(request, options), check);
  };

  return {
    models: Object.keys(config.modelMap),
    complete,

    /**
     * Waits for the upstream's status and first event before it returns, so an upstream 4xx/429/5xx
     * or an error reported as the stream's first event still gets the normal envelope and status.
     */
    async stream(request, options): Promise<AsyncIterable<ChatStreamEvent>> {
      // A structured answer must be checked whole before any of it is sent as success, so it is
      // read whole and served as a one-delta stream.
      if (request.response_format) return oneShot(await complete(request, options));
      const { events } = await ask(request, options);
      return startedStream(events);
    },
  };
}

async function* oneShot(completion: ChatCompletion): AsyncGenerator<ChatStreamEvent> {
  if (completion.content !== '') yield { type: 'delta', content: completion.content };
  yield { type: 'end', finishReason: completion.finishReason, matchedStop: completion.matchedStop };
}

/** Reads the first event now (a failure rejects here), and hands the stream on from there. */
async function startedStream(
  events: AsyncIterable<ChatStreamEvent>,
): Promise<AsyncIterable<ChatStreamEvent>> {
  const iterator = events[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* rest(): AsyncGenerator<ChatStreamEvent> {
    try {
      if (first.done) return;
      yield first.value;
      yield* { [Symbol.asyncIterator]: () => iterator };
    } finally {
      // A consumer that stops after the first event must still release the upstream call.
      await iterator.return?.();
    }
  }
  return rest();
}
