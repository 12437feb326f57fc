/**
 * A real HTTP server that speaks the OpenAI chat-completions and embeddings protocol, for the
 * adapter tests. By default it answers like a tiny model (it echoes the last user text, JSON or
 * SSE); a test can replace the handler to play any failure. It records every request it got and
 * whether the client hung up before the answer was complete. Exported as
 * `@assistant-platform/engines/testing`, so the server's suites that run the adapters behind its routes
 * use the same upstream.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export interface FakeUpstream {
  /** Base URL, ending before `/chat/completions`. */
  url: string;
  received: ReceivedRequest[];
  /** The one request received since the list was last emptied; fails the test otherwise. */
  only(): ReceivedRequest;
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const received: ReceivedRequest[] = [];
  let handler: Handler = modelLikeHandler;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const hungUp = new Promise<boolean>((resolve) => res.on('close', () => resolve(!res.writableEnded)));
    const request: ReceivedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
      hungUp,
    };
    received.push(request);
    await handler(request, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    only() {
      const [first, ...rest] = received;
      if (!first || rest.length > 0) throw new Error(`expected one upstream request, got ${received.length}`);
      return first;
    },
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: open one, close it, hand back its number. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

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
