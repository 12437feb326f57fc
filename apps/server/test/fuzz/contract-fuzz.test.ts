/**
 * Contract-driven fuzzing of all five operations over real HTTP: bodies generated from the
 * contract's schemas, valid ones and near misses. Whatever is sent, the server answers no 5xx, every
 * answer is exactly what the contract declares for its status, and an accepted agent reads back
 * valid. The seed is fixed (fast-check prints it, with the shrunk case, on failure).
 */
import type { OperationId } from '@assistant-platform/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { TEST_TOKENS } from '../helpers/fixtures.js';
import { useHostileServer } from '../hostile/hostile-server.js';
import { mutate, mutationArbitrary } from './mutate-body.js';
import { arbitraryOf, componentArbitrary } from './schema-arbitrary.js';

const SEED = 20_250_318;
const VALID_RUNS = 60;
const MUTATED_RUNS = 120;

const server = useHostileServer({ RATE_LIMIT_MAX: '1000000' });

interface FuzzRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
}

/** Path ids: what the contract allows, and spellings it does not. */
const positiveId = componentArbitrary('PositiveId').map(String);
const oddId = fc.oneof(
  fc.constantFrom('07', '0x7', ' 7', '7.0', '7e0', '-1', '0', ''),
  fc.string({ maxLength: 12 }),
);
const pathId = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: oddId, weight: 1 }).map(encodeURIComponent);

const REQUESTS: Record<OperationId, (body: fc.Arbitrary<unknown>) => fc.Arbitrary<FuzzRequest>> = {
  createAgent: (body) => body.map((b) => ({ method: 'POST', path: '/v1/agents/create', body: b })),
  getAgent: () =>
    pathId(
      fc.oneof(
        positiveId,
        arbitraryOf({ $ref: '#/components/schemas/AgentLookupId' }) as fc.Arbitrary<string>,
      ),
    ).map((id) => ({ method: 'GET', path: `/v1/agents/view/${id}` })),
  chatRequest: (body) => body.map((b) => ({ method: 'POST', path: '/v1/agents/chat/request', body: b })),
  updateTranscription: (body) =>
    fc
      .tuple(
        pathId(fc.oneof(fc.constantFrom('7', '8'), positiveId)),
        pathId(fc.oneof(fc.constantFrom('42', '43'), positiveId)),
        body,
      )
      .map(([id, tid, b]) => ({
        method: 'PATCH',
        path: `/v1/transcribe/workspace/${id}/transcriptions/${tid}`,
        body: b,
      })),
  createEmbeddings: (body) => body.map((b) => ({ method: 'POST', path: '/v1/vectors/embedding', body: b })),
};

const BODY_SCHEMAS: Partial<Record<OperationId, string>> = {
  createAgent: 'CreateAgentBody',
  chatRequest: 'ChatRequestBody',
  updateTranscription: 'UpdateTranscriptionBody',
  createEmbeddings: 'EmbeddingsBody',
};

/** Checks each `data:` of a chat stream against the contract, and that it ends with `[DONE]`. */
function expectValidStream(text: string): void {
  const events = text.split('\n\n').filter((event) => event.trim() !== '');
  const data = events.map((event) =>
    event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .join('\n'),
  );
  expect(data.at(-1)).toBe('[DONE]');
  for (const payload of data.slice(0, -1))
    expectMatchesContract('chatRequest', 200, JSON.parse(payload), 'text/event-stream');
}

/** Answers by status per operation: valid generation that never reaches a 2xx would test nothing. */
const tally = new Map<OperationId, number[]>();

async function send(operationId: OperationId, request: FuzzRequest): Promise<void> {
  const res = await fetch(`${server().origin}${request.path}`, {
    method: request.method,
    headers: {
      authorization: `Bearer ${TEST_TOKENS.all}`,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  tally.set(operationId, [...(tally.get(operationId) ?? []), res.status]);
  expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    expect(res.status).toBe(200);
    expectValidStream(text);
    return;
  }
  const body = JSON.parse(text);
  expectMatchesContract(operationId, res.status, body);
  if (operationId === 'createAgent' && res.status === 201) {
    const view = await fetch(`${server().origin}/v1/agents/view/${body.data.id}`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.all}` },
      signal: AbortSignal.timeout(10_000),
    });
    expect(view.status).toBe(200);
    expectMatchesContract('getAgent', 200, await view.json());
  }
}

describe('contract fuzzing over HTTP', { timeout: 60_000 }, () => {
  for (const operationId of Object.keys(REQUESTS) as OperationId[]) {
    const schema = BODY_SCHEMAS[operationId];
    const valid = schema ? componentArbitrary(schema) : fc.constant(undefined);

    it(`${operationId}: generated requests answer no 5xx and match the contract`, async () => {
      tally.delete(operationId);
      await fc.assert(
        fc.asyncProperty(REQUESTS[operationId](valid), (request) => send(operationId, request)),
        { seed: SEED, numRuns: VALID_RUNS },
      );
      const statuses = tally.get(operationId) ?? [];
      expect(statuses.filter((status) => status < 300).length, `statuses: ${statuses}`).toBeGreaterThan(0);
    });

    if (!schema) continue;
    it(`${operationId}: mutated bodies answer no 5xx and match the contract`, async () => {
      const mutated = fc
        .tuple(valid, mutationArbitrary)
        .map(([body, { mutation, pick }]) => mutate(body, mutation, pick));
      await fc.assert(
        fc.asyncProperty(REQUESTS[operationId](mutated), (request) => send(operationId, request)),
        { seed: SEED, numRuns: MUTATED_RUNS },
      );
    });
  }
});
