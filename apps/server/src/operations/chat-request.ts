import type { ChatRequestBody, ChatResponse } from '@assistant-platform/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountOf } from '../pipeline/auth.js';
import { abortOnDisconnect } from './abort-on-disconnect.js';
import { toEventStream } from './chat-event-stream.js';
import { normalizeChatBody } from './chat-request-body.js';
import type { OperationDeps } from './operation-deps.js';

export function chatRequestHandler({ repos, engines: loaded }: OperationDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { request: engineRequest, stream } = normalizeChatBody(
      repos.agents,
      request.body as ChatRequestBody,
      accountOf(request),
    );
    const engines = await loaded();
    const options = { signal: abortOnDisconnect(reply), requestId: request.id };
    const created = Math.floor(Date.now() / 1000);
    if (stream) {
      // Awaited before any header is written, so an engine's 400/429 still uses the envelope.
      const events = await engines.chat.stream(engineRequest, options);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(
          toEventStream(events, { created, model: engineRequest.model }, request.log, options.signal, {
            ...request.fault?.fault,
            cut: () => request.raw.socket.end(),
          }),
        );
    }
    const completion = await engines.chat.complete(engineRequest, options);
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
