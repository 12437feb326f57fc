/**
 * The server and the gateway validate with one contract runtime, so the same bad input gets the
 * same `errors`, path for path and word for word. The corpus: every request example of the
 * contract, broken at every place it has (a field removed, replaced by each kind of wrong value,
 * an unknown field beside it). Each body goes to a real reference server and, as the procedure's
 * input, through a real gateway.
 */
import { type AppRouter, defineConfig, startGateway } from '@assistant-platform/gateway';
import { createGatewayClient } from '@assistant-platform/gateway-client';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testSeed } from '@assistant-platform/server/testing';
import { OPERATIONS, type OperationId, type ValidationIssue } from '@assistant-platform/types';
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEnv } from '../reference-store.js';

type Json = unknown;
const WRONG_VALUES: Json[] = [null, 0, -1, 1.5, true, 'x', '', [], {}, [null], 'x'.repeat(300)];

/**
 * Each request example of an operation's body, from the contract itself; a chat's without `stream`,
 * which the gateway's procedure decides (`chat.request` or `chat.stream`).
 */
function examplesOf(operationId: OperationId): Json[] {
  const { path, method } = OPERATIONS[operationId];
  const operation = (openapiDocument.paths[path] as Record<string, any>)[method];
  const examples = operation.requestBody?.content['application/json']?.examples ?? {};
  return Object.values(examples).map(({ value: { stream: _decided, ...body } }: any) => body);
}

/** The body broken at every place: each node removed, replaced by each wrong value, or given a sibling. */
function brokenVersions(body: Json): Json[] {
  const versions: Json[] = [];
  // `rebuild(value)` is the whole body with the node at hand replaced by `value` (or removed).
  const walk = (node: Json, rebuild: (value: Json) => Json, remove: (() => Json) | undefined) => {
    for (const wrong of WRONG_VALUES) versions.push(rebuild(wrong));
    if (remove) versions.push(remove());
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) {
        walk(
          item,
          (value) => rebuild(node.map((x, j) => (j === i ? value : x))),
          () => rebuild(node.filter((_, j) => j !== i)),
        );
      }
    } else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, Json>;
      versions.push(rebuild({ ...record, unexpectedField: 1 }));
      for (const key of Object.keys(record)) {
        walk(
          record[key],
          (value) => rebuild({ ...record, [key]: value }),
          () => rebuild(Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))),
        );
      }
    }
  };
  walk(body, (value) => value, undefined);
  return versions;
}

let server: ReferenceServer;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let client: ReturnType<typeof createGatewayClient>;

beforeAll(async () => {
  server = await startReferenceServer({
    seed: testSeed,
    env: { ...(await storeEnv()), RATE_LIMIT_MAX: '1000000', AUTH_FAILURE_LIMIT_MAX: '1000000' },
  });
  gateway = await startGateway(
    defineConfig({ port: 0, upstreamBaseUrl: server.baseUrl, logLevel: 'silent' }),
  );
  client = createGatewayClient({ url: gateway.url, token: TEST_TOKENS.all, batch: false });
});
afterAll(async () => {
  await gateway?.close();
  await server?.close();
});

async function serverErrors(operationId: OperationId, body: Json): Promise<ValidationIssue[] | 'ok'> {
  const path = OPERATIONS[operationId].path.replace('{id}', '7').replace('{transcriptionId}', '42');
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: OPERATIONS[operationId].method.toUpperCase(),
    headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { errors: ValidationIssue[] };
  if (response.ok) return 'ok';
  expect(response.status).toBe(400);
  return answer.errors;
}

async function gatewayErrors(call: () => Promise<unknown>): Promise<ValidationIssue[] | 'ok'> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const data = (error as TRPCClientError<AppRouter>).data;
    expect(data?.code).toBe('BAD_REQUEST');
    return data?.errors ?? [];
  }
}

const PROCEDURES: Partial<Record<OperationId, (body: any) => Promise<unknown>>> = {
  createAgent: (body) => client.agents.create.mutate(body),
  chatRequest: (body) => client.chat.request.mutate(body),
  createEmbeddings: (body) => client.embeddings.create.mutate(body),
  updateTranscription: (body) =>
    client.transcriptions.update.mutate(
      body !== null && typeof body === 'object' && !Array.isArray(body)
        ? { workspaceId: 7, transcriptionId: 42, ...body }
        : body,
    ),
};

describe('the server and the gateway answer identical errors for identical input', () => {
  for (const [operationId, call] of Object.entries(PROCEDURES) as [
    OperationId,
    (b: Json) => Promise<unknown>,
  ][]) {
    it(`${operationId}: every broken version of the contract's examples`, async () => {
      const corpus = examplesOf(operationId).flatMap(brokenVersions);
      expect(corpus.length).toBeGreaterThan(20);
      let refused = 0;
      for (const body of corpus) {
        const fromServer = await serverErrors(operationId, body);
        const fromGateway = await gatewayErrors(() => call(body));
        expect({ body, errors: fromGateway }).toEqual({ body, errors: fromServer });
        if (fromServer !== 'ok') refused++;
      }
      expect(refused).toBeGreaterThan(corpus.length / 2);
    }, 120_000);
  }

  it('getAgent: the same messages for the same id, named by the procedure’s input', async () => {
    for (const id of ['07', '7.0', 'not an id', 'x'.repeat(65), '-1']) {
      const response = await fetch(`${server.baseUrl}/agents/view/${encodeURIComponent(id)}`, {
        headers: { authorization: `Bearer ${TEST_TOKENS.all}` },
      });
      const answer = (await response.json()) as { errors: ValidationIssue[] };
      const fromServer = answer.errors.map((issue) => ({
        ...issue,
        path: issue.path.replace(/^path\./, '/'),
      }));
      const fromGateway = await gatewayErrors(() => client.agents.get.query({ id }));
      expect({ id, errors: fromGateway }).toEqual({ id, errors: fromServer });
    }
  });
});
