import type { ChatEngine, ChatEngineRequest } from '@assistant-platform/engines/types';
import type { ChatRequestBody, ChatResponse } from '@assistant-platform/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountOf } from '../pipeline/auth.js';
import { tenantOf } from '../pipeline/request-tenant.js';
import { timed } from '../pipeline/server-timing.js';
import { engineTracing, type StageDescription, type StageSpan } from '../pipeline/tracing/stage-span.js';
import { abortOnDisconnect } from './abort-on-disconnect.js';
import { eventStreamBody } from './chat-event-stream.js';
import { normalizeChatBody } from './chat-request-body.js';
import type { OperationDeps } from './operation-deps.js';

/** The text of the message's text blocks, one a line: what a fixture's `message…` fields match. */
const messageText = (request: ChatEngineRequest) =>
  request.message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');

/**
 * The engine that answers this chat: a chat fixture's scripted answer when one of
 * `/_admin/chat-fixtures` matches (the journal notes which), else the configured chat engine.
 */
async function chatEngineFor(
  request: FastifyRequest,
  chat: ChatEngineRequest,
  { engines: loaded, chatFixtures }: OperationDeps,
): Promise<ChatEngine> {
  const fixture = await chatFixtures.pick({
    message: messageText(chat),
    agentName: chat.name,
    intents: chat.intents,
    accountId: request.auth?.accountId,
  });
  if (fixture === undefined) return (await loaded()).chat;
  if (request.journal) request.journal.chatFixtureId = fixture.id;
  // The engines module, which the server loads in the background (engines-loader.ts): kept out of
  // start-up's modules, and loaded by the first fixture in proxy mode, where no engine runs.
  const { createScriptedChatEngine } = await import('@assistant-platform/engines');
  return createScriptedChatEngine(fixture.answer);
}

/**
 * The engine stage's span as OpenTelemetry's GenAI conventions name and describe a chat; the
 * messages themselves never go in (service-kit's tracing-config.ts).
 */
function chatSpan(chat: ChatEngineRequest, stream: boolean): StageDescription<unknown> {
  return {
    name: `chat ${chat.model}`,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': chat.model,
      'gen_ai.request.max_tokens': chat.max_tokens,
      'gen_ai.request.temperature': chat.temperature,
      // Not a GenAI convention attribute: the platform's own name for it.
      'assistant_platform.stream': stream,
    },
  };
}

export function chatRequestHandler(deps: OperationDeps) {
  const { repos } = deps;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { request: engineRequest, stream } = await timed(request, 'db', () =>
      normalizeChatBody(repos.agents, request.body as ChatRequestBody, accountOf(request)),
    );
    const engine = await chatEngineFor(request, engineRequest, deps);
    const options = { signal: abortOnDisconnect(reply), requestId: request.id, tenant: tenantOf(request) };
    const withTrace = (span: StageSpan | undefined) =>
      span === undefined ? options : { ...options, ...engineTracing(span) };
    const created = Math.floor(Date.now() / 1000);
    if (stream) {
      // Awaited before any header is written, so an engine's 400/429 still uses the envelope. Its
      // span ends with the engine's first answer: the events go on after it.
      const events = await timed(
        request,
        'engine',
        (span) => engine.stream(engineRequest, withTrace(span)),
        chatSpan(engineRequest, true),
      );
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(
          eventStreamBody(events, { created, model: engineRequest.model }, request.log, options.signal, {
            ...request.fault?.fault,
            cut: () => {
              if (request.journal) request.journal.outcome = 'disconnected';
              request.raw.socket.end();
            },
          }),
        );
    }
    const completion = await timed(
      request,
      'engine',
      (span) => engine.complete(engineRequest, withTrace(span)),
      {
        ...chatSpan(engineRequest, false),
        resultAttributes: (answer) => ({ 'gen_ai.response.finish_reasons': [answer.finishReason] }),
      },
    );
    const response: ChatResponse = {
      success: true,
      message: 'Chat request processed successfully',
      data: {
        request: [
          {
            finish_reason: completion.finishReason,
            message: { role: 'assistant', content: completion.content },
            matched_stop: completion.matchedStop,
          },
        ],
        created,
        model: engineRequest.model,
        object: 'chat.request',
      },
    };
    return response;
  };
}
