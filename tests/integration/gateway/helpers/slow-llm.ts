/**
 * A slow OpenAI-compatible model server: the system edge behind the reference server. It streams
 * one word every `intervalMs`, so a test can leave a chat stream half-way, and it records whether
 * its client hung up before the answer was complete.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowLlm {
  /** Base URL for the reference server's CHAT_UPSTREAM_URL. */
  url: string;
  /** One promise per chat request: true when the client closed the connection mid-answer. */
  hangUps: Promise<boolean>[];
  close(): Promise<void>;
}

export async function startSlowLlm(words = 200, intervalMs = 25): Promise<SlowLlm> {
  const hangUps: Promise<boolean>[] = [];
  const server = createServer(async (req, res) => {
    for await (const _ of req) {
      // drain the request body
    }
    hangUps.push(new Promise((resolve) => res.on('close', () => resolve(!res.writableEnded))));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1742292000,
        model: 'slow-model',
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (let i = 0; i < words && !res.destroyed; i++) {
      res.write(chunk({ content: `word${i} ` }, null));
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    if (res.destroyed) return;
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    hangUps,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
