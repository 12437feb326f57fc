/**
 * Chat through any OpenAI-compatible server (Ollama, llama.cpp, vLLM, SGLang, LM Studio, LiteLLM,
 * a hosted API): our request becomes `POST {url}/chat/completions`, its answer our completion or
 * stream events, its failures our 400/429/500.
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
import { readChatStream } from './chat-stream.js';
import { checkedCompletion } from './checked-completion.js';
import { requireDefaultModel } from './contract-models.js';
import { responseFormatCheck } from './response-format.js';
import { logUpstreamInUse } from './upstream-config-log.js';
import { postUpstream, readJsonBody, type UpstreamExchange, upstreamContext } from './upstream-request.js';

const PATH = '/chat/completions';

/** Throws a ConfigError when CHAT_MODEL_MAP leaves out the contract's default chat model. */
export function createOpenAIChatEngine(config: UpstreamConfig, logger: EngineLogger): ChatEngine {
  requireDefaultModel(config.modelMap, 'ChatModel', 'CHAT_MODEL_MAP');
  logUpstreamInUse('chat', config, logger);
  const send = (
    request: ChatEngineRequest,
    options: EngineCallOptions,
    stream: boolean,
  ): Promise<UpstreamExchange> => {
    const upstreamModel = config.modelMap[request.model];
    // The route already rejects models outside `models`; this guards direct callers.
    if (upstreamModel === undefined) {
      throw new EngineError(400, 'Unknown model', {
        issues: [{ path: '/model', message: `must be one of: ${Object.keys(config.modelMap).join(', ')}` }],
      });
    }
    const context = upstreamContext('chat', config, PATH, options.requestId, logger);
    return postUpstream(config, context, buildChatBody(request, upstreamModel, stream), options);
  };

  const completeOnce = async (request: ChatEngineRequest, options: EngineCallOptions) => {
    const exchange = await send(request, options, false);
    return {
      completion: readCompletion(await readJsonBody(exchange), exchange.context),
      context: exchange.context,
    };
  };

  // Checks the schema before anything is sent, so a schema we cannot honour never costs a generation.
  const complete = async (
    request: ChatEngineRequest,
    options: EngineCallOptions,
  ): Promise<ChatCompletion> => {
    const check = responseFormatCheck(request);
    if (!check) return (await completeOnce(request, options)).completion;
    return checkedCompletion(() => completeOnce(request, options), check);
  };

  return {
    models: Object.keys(config.modelMap),
    complete,

    // Awaiting the response status first lets an upstream 4xx/429/5xx use the normal envelope.
    async stream(request, options): Promise<AsyncIterable<ChatStreamEvent>> {
      // A structured answer must be checked whole before any of it is sent as success, so it is
      // asked for unstreamed and served as a one-delta stream.
      if (request.response_format) return oneShot(await complete(request, options));
      const exchange = await send(request, options, true);
      const type = exchange.response.headers.get('content-type') ?? '';
      if (type.includes('text/event-stream')) return readChatStream(exchange);
      // Some servers ignore `stream: true` and answer JSON: serve it as a one-delta stream.
      return oneShot(readCompletion(await readJsonBody(exchange), exchange.context));
    },
  };
}

async function* oneShot(completion: ChatCompletion): AsyncGenerator<ChatStreamEvent> {
  if (completion.content !== '') yield { type: 'delta', content: completion.content };
  yield { type: 'end', finishReason: completion.finishReason, matchedStop: completion.matchedStop };
}
