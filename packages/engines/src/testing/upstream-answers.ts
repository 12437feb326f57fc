/**
 * What the fake upstream answers: the request it hands a handler, the OpenAI wire shapes (JSON
 * completions, SSE chunks) and the handlers the suites install with `handle()`: a tiny model, fixed
 * answers, and the failures a real model server plays (an error mid-stream, a cut connection, a slow
 * stream a client leaves half-way).
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Whatever JSON the adapter sent; tests read into it freely. */
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whichever fields it asserts on
  body: any;
  /** Resolves true when the client closed the connection before the answer ended. */
  hungUp: Promise<boolean>;
}

export type Handler = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Writes SSE events; strings are sent as-is after `data: `, objects as JSON. */
export function sendSse(res: ServerResponse, events: unknown[], { done = true } = {}) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of events)
    res.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
  if (done) res.write('data: [DONE]\n\n');
  res.end();
}

export function completion(content: string | null, finish_reason: string | null, extra: object = {}) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1742292000,
    model: 'upstream-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason, ...extra }],
  };
}

export function chunk(content: string | undefined, finish_reason: string | null = null, extra: object = {}) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1742292000,
    model: 'upstream-model',
    choices: [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason, ...extra }],
  };
}

/** Answers `content` every time, as JSON or as SSE (one delta) as the request asks. */
export function answerWith(content: string, finish_reason = 'stop'): Handler {
  return (request, res) => {
    if (!request.body.stream) return sendJson(res, 200, completion(content, finish_reason));
    sendSse(res, [chunk(content), chunk(undefined, finish_reason)]);
  };
}

/** Answers each request with the next of `contents` (the last one repeats), always as JSON. */
export function answersInTurn(contents: string[], finish_reason = 'stop'): Handler {
  let next = 0;
  return (_request, res) => {
    const content = contents[Math.min(next++, contents.length - 1)] as string;
    sendJson(res, 200, completion(content, finish_reason));
  };
}

/** Echoes the last user text; embeddings are [length, first char code, 1] answered in reverse order. */
export const modelLikeHandler: Handler = (request, res) => {
  if (request.url.endsWith('/embeddings')) {
    const input = request.body.input as string[];
    const data = input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: [text.length, text.charCodeAt(0), 1],
    }));
    sendJson(res, 200, { object: 'list', model: request.body.model, data: data.reverse() });
    return;
  }
  const last = request.body.messages.at(-1);
  const text =
    typeof last.content === 'string'
      ? last.content
      : last.content.find((p: { type: string }) => p.type === 'text')?.text;
  const answer = `You said: ${text}`;
  if (!request.body.stream) {
    sendJson(res, 200, completion(answer, 'stop', { matched_stop: 128009 }));
    return;
  }
  const words = answer.split(/(?<= )/);
  sendSse(res, [
    chunk(''),
    ...words.map((word) => chunk(word)),
    chunk(undefined, 'stop', { matched_stop: 128009 }),
  ]);
};

/** How `failingAfter` ends a stream: an error object in it, or the connection cut. */
export type FailingEnding = 'error-object' | 'cut';

/**
 * Fails part-way, as a model server that runs out of memory does: a streamed answer gets `deltas`
 * and then `ending` (an error object saying `message`, or the connection cut once the deltas have
 * reached the socket, so they are sure to go out first); a whole (JSON) answer is cut half-way
 * through its body.
 */
export function failingAfter(
  deltas: string[],
  ending: FailingEnding,
  message = 'CUDA out of memory',
): Handler {
  return (request, res) => {
    if (!request.body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"mess', () =>
        res.destroy(),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const events = deltas.map((content) => `data: ${JSON.stringify(chunk(content))}\n\n`).join('');
    if (ending === 'error-object') res.end(`${events}data: ${JSON.stringify({ error: { message } })}\n\n`);
    else res.write(events, () => res.destroy());
  };
}

/**
 * Streams `words` deltas (`word0 `, `word1 `, …), one every `intervalMs`, then finishes, whether the
 * request asked for a stream or not; it stops writing once the client hung up, which the request's
 * `hungUp` reports. A test leaves the answer half-way.
 */
export function streamingSlowly(words = 200, intervalMs = 25): Handler {
  return async (_request, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify(chunk(''))}\n\n`);
    for (let i = 0; i < words && !res.destroyed; i++) {
      res.write(`data: ${JSON.stringify(chunk(`word${i} `))}\n\n`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    if (res.destroyed) return;
    res.write(`data: ${JSON.stringify(chunk(undefined, 'stop'))}\n\n`);
    res.end('data: [DONE]\n\n');
  };
}
