/**
 * A client that sends its request and goes away before any answer: what the stages that hold
 * something for a request (a slot, a count, a delay, a call to the proxy's target) must give back.
 */
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';

export interface LeavingRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Sent whole before the client waits (none for a GET). */
  body?: string;
  /** What the client waits for once the request is sent; 50 ms by default. */
  until?: () => Promise<unknown>;
}

/** Sends a request to `url`, waits (`until`), then destroys its connection without reading any answer. */
export async function sendAndLeave(url: string, { method, headers, body, until }: LeavingRequest = {}) {
  const client = httpRequest(url, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    agent: false,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
  });
  client.on('error', () => {});
  client.end(body);
  await once(client, 'finish');
  await (until ?? (() => new Promise((resolve) => setTimeout(resolve, 50))))();
  client.destroy();
}
