import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/**
 * A real HTTP server standing in for an OpenAI-compatible model server: the system edge, the only
 * place these tests use a double. `handler` is swapped per test; `closedRequests` counts requests
 * whose connection the reference server closed before the answer ended.
 */
export async function startFakeUpstream() {
  let handler: UpstreamHandler = (_req, res) => res.writeHead(500).end();
  const state = { closedEarly: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => handler(req, res, body));
    res.on('close', () => {
      if (!res.writableEnded) state.closedEarly++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    state,
    handle(next: UpstreamHandler) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An OpenAI chat completion answer. */
export function completion(content: string) {
  return JSON.stringify({
    id: 'c1',
    object: 'chat.completion',
    created: 1,
    model: 'upstream-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
}

/** One OpenAI streaming chunk as an SSE event. */
export function sseChunk(content: string, finish: string | null = null) {
  const chunk = {
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'upstream-model',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** The server's variables for chat through the OpenAI adapter to `url`, the default model mapped. */
export function chatUpstreamEnv(url: string, upstreamModel = 'llama3.2:3b'): Record<string, string> {
  return {
    CHAT_ENGINE: 'openai',
    CHAT_UPSTREAM_URL: url,
    CHAT_MODEL_MAP: JSON.stringify({ 'svc-v1-blaze-20250318': upstreamModel }),
  };
}
