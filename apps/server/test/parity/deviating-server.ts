/**
 * A stand-in for a hosted service that breaks the contract on purpose: a real HTTP server that
 * forwards each request to a reference server and lets a test change the one answer it means to
 * break (its status, body or headers) before sending it on. Every other answer is the reference
 * server's own, so a parity report against it must name exactly the one deviation.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  method: string;
  /** The path under the API root, e.g. `/agents/create`. */
  path: string;
  /** The request's JSON body, or undefined. */
  requestBody: Record<string, unknown> | undefined;
  authorization: string | undefined;
  status: number;
  headers: Record<string, string>;
  /** The answer's body as text (a stream's whole text). */
  body: string;
}

/** Returns the answer to send instead, or nothing to send the reference server's unchanged. */
export type Deviation = (
  exchange: Exchange,
) => Partial<Pick<Exchange, 'status' | 'headers' | 'body'>> | undefined;

/** Hop-by-hop and length headers, which the answer sent on sets for itself. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startDeviatingServer(
  upstreamBaseUrl: string,
  deviate: Deviation,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = createServer(async (request, response) => {
    const text = await bodyOf(request);
    const path = (request.url ?? '/').replace(/^\/v1/, '');
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'accept']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = await fetch(`${upstreamBaseUrl}${path}`, {
      method: request.method ?? 'GET',
      headers,
      ...(text === '' ? {} : { body: text }),
    });
    const exchange: Exchange = {
      method: request.method ?? 'GET',
      path,
      requestBody: text === '' ? undefined : JSON.parse(text),
      authorization: headers.authorization,
      status: upstream.status,
      headers: Object.fromEntries([...upstream.headers].filter(([name]) => !NOT_FORWARDED.has(name))),
      body: await upstream.text(),
    };
    const answer = { ...exchange, ...deviate(exchange) };
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON body changed by `change` (which edits the parsed value in place). */
export function editJson(body: string, change: (value: Record<string, unknown>) => void): string {
  const value = JSON.parse(body) as Record<string, unknown>;
  change(value);
  return JSON.stringify(value);
}
