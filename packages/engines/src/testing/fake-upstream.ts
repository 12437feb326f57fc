/**
 * A real HTTP server that speaks the OpenAI chat-completions and embeddings protocol: the system's
 * edge, the one place the suites use a double. By default it answers like a tiny model (it echoes the
 * last user text, JSON or SSE); a test can replace the handler to play any failure (see
 * upstream-answers.ts). It records every request it got and whether the client hung up before the
 * answer was complete. Exported as `@assistant-platform/engines/testing`, so the adapter tests, the
 * server's suites that run the adapters behind its routes and the integration suites all use the
 * same upstream.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DECLARED_DEFAULTS } from '@assistant-platform/types';
import { type Handler, modelLikeHandler, type ReceivedRequest } from './upstream-answers.js';

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

/**
 * The reference server's variables for chat through the OpenAI adapter to `url`, the contract's
 * default model mapped to `upstreamModel`.
 */
export function chatUpstreamEnv(url: string, upstreamModel = 'llama3.2:3b'): Record<string, string> {
  return {
    CHAT_ENGINE: 'openai',
    CHAT_UPSTREAM_URL: url,
    CHAT_MODEL_MAP: JSON.stringify({ [DECLARED_DEFAULTS.ChatRequestBody.model]: upstreamModel }),
  };
}
