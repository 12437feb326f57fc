/**
 * A fake model server that answers as llama.cpp's llama-server does where the adapters meet it,
 * and counts the tokens it generates, so a test can tell whether it stopped when its client left.
 *
 * - It generates one token every `tokenIntervalMs`, up to `max_tokens` (or `answerTokens`, when the
 *   "model" is done sooner), as SSE chunks when asked to stream and as one JSON answer otherwise.
 * - A stream stops at the first write after its client hung up. A non-streamed answer is generated
 *   to the end whatever the client does, as llama-server builds that cannot see a client leave a
 *   non-streamed request (llama.cpp issues 9273 and 24496): only a stream stops such a server.
 * - Its refusals use llama-server's statuses and JSON bodies: images on a text-only model and an
 *   embeddings input longer than the physical batch are 500s, a prompt over the context is a 400
 *   `exceed_context_size_error`, a schema it cannot turn into a grammar a 400 "Failed to parse
 *   grammar", and turns a strict chat template refuses a 400 (see strict-chat-template.ts).
 */
import type { ServerResponse } from 'node:http';
import {
  contentText,
  roughTokens,
  strictTemplateRefusal,
  type TemplateTurn,
} from './strict-chat-template.js';
import { chunk, completion, type Handler, type ReceivedRequest, sendJson } from './upstream-answers.js';

export interface LlamaServerOptions {
  tokenIntervalMs?: number;
  /** `-c`: a prompt of this many tokens or more is refused. */
  contextTokens?: number;
  /** `-ub`: an embeddings input of more tokens than this is refused. */
  batchTokens?: number;
  /** Whether it was started with an `--mmproj` (a vision model). */
  vision?: boolean;
  /** Whether a `response_format` schema fails to become a grammar. */
  grammarFails?: boolean;
  /** How many tokens the model says before it stops on its own (default: until max_tokens). */
  answerTokens?: number;
}

export interface Generation {
  request: ReceivedRequest;
  stream: boolean;
  /** Tokens generated so far. */
  generated: number;
  /** Resolves once at least `count` tokens were generated. */
  reached(count: number): Promise<void>;
  /** How the generation ended: all tokens generated, or stopped because the client left. */
  ended: Promise<'finished' | 'cancelled'>;
}

const llamaError = (res: ServerResponse, code: number, message: string, type: string, extra = {}) =>
  sendJson(res, code, { error: { code, message, type, ...extra } });

export function llamaServerLike(options: LlamaServerOptions = {}): {
  handler: Handler;
  generations: Generation[];
} {
  const { tokenIntervalMs = 10, contextTokens = 4096, batchTokens = 512 } = options;
  const generations: Generation[] = [];

  const embeddings = (request: ReceivedRequest, res: ServerResponse) => {
    const input: string[] = request.body.input;
    const longest = Math.max(...input.map(roughTokens));
    if (longest > batchTokens) {
      const message = `input (${longest} tokens) is too large to process. increase the physical batch size (current batch size: ${batchTokens})`;
      return llamaError(res, 500, message, 'server_error');
    }
    const data = input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, 1, 1] }));
    sendJson(res, 200, { object: 'list', model: request.body.model, data });
  };

  const chat = async (request: ReceivedRequest, res: ServerResponse) => {
    const messages: TemplateTurn[] = request.body.messages;
    const images = messages.some(
      (message) =>
        Array.isArray(message.content) && message.content.some((part) => part?.type === 'image_url'),
    );
    if (images && !options.vision) {
      const message =
        'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj';
      return llamaError(res, 500, message, 'server_error');
    }
    const refusal = strictTemplateRefusal(messages);
    if (refusal) return llamaError(res, 400, refusal, 'invalid_request_error');
    const prompt = messages.reduce((sum, message) => sum + roughTokens(contentText(message.content)) + 4, 0);
    if (prompt >= contextTokens) {
      const message = `request (${prompt} tokens) exceeds the available context size (${contextTokens} tokens), try increasing it`;
      return llamaError(res, 400, message, 'exceed_context_size_error', {
        n_prompt_tokens: prompt,
        n_ctx: contextTokens,
      });
    }
    if (request.body.response_format && options.grammarFails) {
      return llamaError(res, 400, 'Failed to parse grammar', 'invalid_request_error');
    }
    await generate(
      request,
      res,
      Math.min(request.body.max_tokens, options.answerTokens ?? Number.POSITIVE_INFINITY),
    );
  };

  const generate = async (request: ReceivedRequest, res: ServerResponse, count: number) => {
    const stream = request.body.stream === true;
    const waiters: { count: number; resolve: () => void }[] = [];
    let end!: (how: 'finished' | 'cancelled') => void;
    const generation: Generation = {
      request,
      stream,
      generated: 0,
      reached: (at) =>
        new Promise((resolve) =>
          generation.generated >= at ? resolve() : waiters.push({ count: at, resolve }),
        ),
      ended: new Promise((resolve) => (end = resolve)),
    };
    generations.push(generation);
    const finish = count === request.body.max_tokens ? 'length' : 'stop';
    if (stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk(''))}\n\n`);
    }
    const tokens: string[] = [];
    while (tokens.length < count) {
      // A stream notices a client that left at its next write; a non-streamed answer never looks.
      if (stream && res.destroyed) return end('cancelled');
      await new Promise((resolve) => setTimeout(resolve, tokenIntervalMs));
      const token = `tok${tokens.length} `;
      tokens.push(token);
      generation.generated = tokens.length;
      for (const waiter of waiters.filter((w) => w.count <= tokens.length)) waiter.resolve();
      if (stream && !res.destroyed) res.write(`data: ${JSON.stringify(chunk(token))}\n\n`);
    }
    end('finished');
    if (res.destroyed) return;
    if (!stream) return sendJson(res, 200, completion(tokens.join(''), finish));
    res.write(`data: ${JSON.stringify(chunk(undefined, finish))}\n\n`);
    res.end('data: [DONE]\n\n');
  };

  const handler: Handler = (request, res) =>
    request.url.endsWith('/embeddings') ? embeddings(request, res) : chat(request, res);
  return { handler, generations };
}
