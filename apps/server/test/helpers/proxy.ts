/**
 * What the proxy and replay suites share: a server in proxy or replay mode on a free port (the
 * module under test's, sources or bundle), its journal and violations read through its admin API,
 * a stream read event by event with the time each arrived, and a small HTTP server the tests
 * script to stand in for a target that breaks the contract, and the agent such a target answers.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JournalEntry, ViolationGroup } from '@assistant-platform/types/admin';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { expectMatchesAdminContract } from './contract.js';
import { auth, TEST_TOKENS, testSeed } from './fixtures.js';
import { serverModule } from './server-module.js';

/** An agent as the contract describes it, for scripted targets to answer (or break). */
export const agent = {
  id: 1,
  agentReferenceId: '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f',
  name: 'Support',
  description: '',
  instruction: 'Be brief.',
  status: 'ACTIVE',
  createdAt: '2025-03-18T10:00:00.000Z',
  updatedAt: '2025-03-18T10:00:00.000Z',
  intents: [],
  knowledgeBaseId: null,
  tools: [],
};

export interface RunningApp {
  origin: string;
  app: FastifyInstance;
  journal(query?: string): Promise<JournalEntry[]>;
  violations(): Promise<{ total: number; groups: ViolationGroup[] }>;
  close(): Promise<void>;
}

/** A server built from `env` (proxy or replay mode) with the test seed, listening on a free port. */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const config = serverModule.loadConfig({ DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', ...env });
  const app = await serverModule.build(config, { seed: testSeed });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = async (path: string) => {
    const response = await fetch(`${origin}/_admin${path}`, { headers: auth(TEST_TOKENS.operator) });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      data: { requests: JournalEntry[] } & { total: number; groups: ViolationGroup[] };
    };
  };
  return {
    origin,
    app,
    async journal(query = '') {
      const body = await admin(`/requests${query}`);
      expectMatchesAdminContract('listRequests', 200, body);
      return body.data.requests;
    },
    async violations() {
      const body = await admin('/violations');
      expectMatchesAdminContract('summarizeViolations', 200, body);
      return body.data;
    },
    close: async () => {
      const grace = setTimeout(() => app.server.closeAllConnections(), 1000);
      await app.close();
      clearTimeout(grace);
    },
  };
}

/** A streamed answer's events (the text between blank lines) and when each arrived, in ms from the request. */
export async function readEvents(response: Response, sentAt: number) {
  const decoder = new TextDecoder();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const events: { text: string; atMs: number }[] = [];
  let pending = '';
  let failed = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let end = pending.indexOf('\n\n');
      while (end >= 0) {
        events.push({ text: pending.slice(0, end), atMs: performance.now() - sentAt });
        pending = pending.slice(end + 2);
        end = pending.indexOf('\n\n');
      }
    }
  } catch {
    failed = true;
  }
  return { events, failed };
}

/**
 * A request sent with Node's client exactly as written (fetch would resolve dot segments and
 * decode a compressed body), with the all-scopes token: its answer as received. Rejects when the
 * answer is cut before its end. `onResponse` sees the answer before its body is read.
 */
export function rawRequest(
  origin: string,
  {
    method = 'GET',
    path,
    body,
    headers = {},
    onResponse,
  }: {
    method?: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
    onResponse?: (response: IncomingMessage) => void;
  },
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: hostname, port, method, path, headers: { ...auth(TEST_TOKENS.all), ...headers } },
      (response) => {
        onResponse?.(response);
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
        response.on('aborted', () => reject(new Error('the answer was cut')));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

export type TargetHandler = (request: IncomingMessage, response: ServerResponse, body: Buffer) => void;

/** A plain HTTP server whose answers the test scripts, by `METHOD path`; anything else is a 404 envelope. */
export async function startScriptedTarget(routes: Record<string, TargetHandler>) {
  const received: {
    method: string;
    url: string;
    headers: IncomingMessage['headers'];
    rawHeaders: string[];
    body: Buffer;
  }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = request.url ?? '';
      received.push({
        method: request.method ?? '',
        url,
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body,
      });
      const route = routes[`${request.method} ${url.split('?')[0]}`];
      if (route) return route(request, response, body);
      response.writeHead(404, { 'content-type': 'application/json', 'x-request-id': 'target-404' });
      response.end(JSON.stringify({ success: false, message: 'Resource does not exist' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON with an `x-request-id`, as a conforming platform server would. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'x-request-id': 'target-id',
    ...headers,
  });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}
