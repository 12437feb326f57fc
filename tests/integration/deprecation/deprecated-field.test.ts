/**
 * A deprecation end to end, on a fixture contract (the real one deprecates nothing): the reference
 * server started with the table the generator writes for the contract with createAgent's
 * `knowledgeBaseId` marked `deprecated: true`, `x-deprecated-at: 2026-01-15`, `x-sunset:
 * 2027-06-30` (packages/types/test/deprecation.test.ts pins that table). A request that sends the
 * field gets `Deprecation`, `Sunset` and `Link`; one that does not gets none; the SDK warns once
 * however often it sends it; the gateway passes the headers on to its own caller.
 */
import { createAssistantClient } from '@assistant-platform/client';
import { defineConfig, type RunningGateway, startGateway } from '@assistant-platform/gateway';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testSeed } from '@assistant-platform/server/testing';
import type { DeprecationTable } from '@assistant-platform/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEnv } from '../reference-store.js';

const FIXTURE: DeprecationTable = {
  createAgent: {
    method: 'post',
    path: '/agents/create',
    docs: '#/Agents/createAgent',
    requestFields: { knowledgeBaseId: { since: '2026-01-15', sunset: '2027-06-30' } },
  },
};
const ANNOUNCED = {
  deprecation: `@${Date.UTC(2026, 0, 15) / 1000}`,
  sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
  link: '</docs#/Agents/createAgent>; rel="deprecation"; type="text/html", </docs#/Agents/createAgent>; rel="sunset"; type="text/html"',
};
const body = (knowledgeBaseId?: number) => ({
  name: 'Deprecation',
  instruction: 'Be brief.',
  ...(knowledgeBaseId === undefined ? {} : { knowledgeBaseId }),
});
const announced = (headers: Headers) => ({
  deprecation: headers.get('deprecation'),
  sunset: headers.get('sunset'),
  link: headers.get('link'),
});

let server: ReferenceServer;
let gateway: RunningGateway;
beforeAll(async () => {
  server = await startReferenceServer({ seed: testSeed, env: await storeEnv(), deprecations: FIXTURE });
  gateway = await startGateway(
    defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: server.baseUrl }),
  );
});
afterAll(async () => {
  await gateway?.close();
  await server?.close();
});

const post = (url: string, payload: object) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

describe('a deprecated request field', () => {
  it('is announced with Deprecation, Sunset and Link to a request that sends it, and only to such a request', async () => {
    const sending = await post(`${server.baseUrl}/agents/create`, body(7));
    expect(sending.status).toBe(201);
    expect(announced(sending.headers)).toEqual(ANNOUNCED);

    const notSending = await post(`${server.baseUrl}/agents/create`, body());
    expect(notSending.status).toBe(201);
    expect(announced(notSending.headers)).toEqual({ deprecation: null, sunset: null, link: null });
  });

  it('makes the SDK warn once, however often it is sent', async () => {
    const warnings: string[] = [];
    const sdk = createAssistantClient({
      baseUrl: server.baseUrl,
      token: TEST_TOKENS.all,
      logger: { warn: (message) => warnings.push(message) },
    });
    await sdk.agents.create(body(7));
    await sdk.agents.create(body(8));
    await sdk.agents.create(body());
    expect(warnings).toEqual([
      `@assistant-platform/client: POST /agents/create is deprecated since 2026-01-15, and goes away on 2027-06-30; see ${server.url}/docs#/Agents/createAgent (the server says so).`,
    ]);
  });

  it('is passed on by the gateway to its caller', async () => {
    const viaGateway = await post(`${gateway.url}/trpc/agents.create`, body(7));
    expect(viaGateway.status).toBe(200);
    expect(announced(viaGateway.headers)).toEqual(ANNOUNCED);
    const notSending = await post(`${gateway.url}/trpc/agents.create`, body());
    expect(announced(notSending.headers)).toEqual({ deprecation: null, sunset: null, link: null });
  });
});
