/**
 * An OpenAI-compatible model server that fails part-way: the system edge behind the reference
 * server, for the endings a chat must never pass off as a complete answer. A streamed answer gets
 * `words` deltas and then `ending`; a whole (JSON) answer is cut half-way through its body.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Ending = 'error-object' | 'cut';

export interface FailingLlm {
  /** Base URL for the reference server's CHAT_UPSTREAM_URL. */
  url: string;
  /** How the next streamed answers end. */
  ending: Ending;
  /** Chat requests received so far. */
  requests: number;
  close(): Promise<void>;
}

export async function startFailingLlm(words = 2): Promise<FailingLlm> {
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const part of req) body += part;
    llm.requests++;
    if (!JSON.parse(body).stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"mess', () =>
        res.destroy(),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (content: string) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1742292000,
        model: 'failing-model',
        choices: [{ index: 0, delta: { content }, finish_reason: null }],
      })}\n\n`;
    const deltas = Array.from({ length: words }, (_, i) => chunk(`word${i} `)).join('');
    if (llm.ending === 'error-object')
      res.end(`${deltas}data: {"error":{"message":"CUDA out of memory"}}\n\n`);
    // Cut once the deltas have reached the socket, so they are sure to go out first.
    else res.write(deltas, () => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const llm: FailingLlm = {
    url: `http://127.0.0.1:${port}/v1`,
    ending: 'error-object',
    requests: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return llm;
}
