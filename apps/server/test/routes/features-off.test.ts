/**
 * A lean server (FEATURES_OFF names every optional feature): the platform answers as before, the
 * admin routes of a feature that is off answer 501 naming it (admin.yaml's FeatureOff) instead of
 * looking empty, and what the feature did is not done — no fault from `Prefer`, no journal entry,
 * no per-account admission. Over real HTTP.
 */
import { request as httpRequest } from 'node:http';
import { FEATURE_OFF_MESSAGES } from '@assistant-platform/types/admin';
import { describe, expect, it } from 'vitest';
import { expectMatchesAdminContract, expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useListeningTestApp } from '../helpers/test-app.js';

const lean = useListeningTestApp({
  FEATURES_OFF: 'journal, faults,metrics,account-admission',
  ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '1',
});
// The same limit with the admission on: the contrast that shows the switch is what lets requests in.
const fair = useListeningTestApp({ ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '1' });

const call = async (
  origin: string,
  path: string,
  init: RequestInit = {},
  token: string = TEST_TOKENS.all,
) => {
  const res = await fetch(`${origin}${path}`, {
    ...init,
    headers: {
      ...auth(token),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

/** A create that declares a body and sends only its start: in flight until `abort()`. */
function halfUpload(origin: string) {
  const req = httpRequest(`${origin}/v1/agents/create`, {
    method: 'POST',
    headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json', 'content-length': '1000' },
  });
  req.on('error', () => undefined);
  const written = new Promise<void>((resolve) => req.write('{"name":"half', () => resolve()));
  return { written, abort: () => req.destroy() };
}

describe('FEATURES_OFF', () => {
  it('serves the platform as before', async () => {
    const got = await call(lean(), '/v1/agents/view/1');
    expect(got.status).toBe(200);
    expectMatchesContract('getAgent', 200, got.body);
  });

  it("answers the fault rules' and the metrics' routes 501, naming the feature", async () => {
    const routes = [
      ['listFaults', 'GET', '/_admin/faults', undefined],
      ['addFault', 'POST', '/_admin/faults', { match: { path: '/v1/*' }, fault: { code: 503 } }],
      ['clearFaults', 'DELETE', '/_admin/faults', undefined],
      ['updateFault', 'PATCH', '/_admin/faults/1', { enabled: false }],
      ['removeFault', 'DELETE', '/_admin/faults/1', undefined],
    ] as const;
    for (const [operationId, method, path, body] of routes) {
      const answer = await call(lean(), path, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(answer, operationId).toEqual({
        status: 501,
        body: { success: false, message: FEATURE_OFF_MESSAGES.faults },
      });
      expectMatchesAdminContract(operationId, 501, answer.body);
    }
    const metrics = await call(lean(), '/_admin/metrics', {}, TEST_TOKENS.operator);
    expect(metrics).toEqual({ status: 501, body: { success: false, message: FEATURE_OFF_MESSAGES.metrics } });
    expectMatchesAdminContract('scrapeMetrics', 501, metrics.body);
  });

  it('still checks who asks: a token without the scope is refused before the feature is', async () => {
    const res = await fetch(`${lean()}/_admin/metrics`, { headers: auth(TEST_TOKENS.admin) });
    expect(res.status).toBe(403);
  });

  it("applies no fault a request's Prefer header asks for", async () => {
    const got = await call(lean(), '/v1/agents/view/1', { headers: { prefer: 'code=503' } });
    expect(got.status).toBe(200);
    // The same header on a server with faults on is answered as it asks.
    expect((await call(fair(), '/v1/agents/view/1', { headers: { prefer: 'code=503' } })).status).toBe(503);
  });

  it('records no request in the journal', async () => {
    await call(lean(), '/v1/agents/view/1');
    const journal = await call(lean(), '/_admin/requests');
    expect(journal).toMatchObject({ status: 200, body: { data: { requests: [] } } });
  });

  it("admits an account's requests past its in-flight limit (its admission off), which a server with it refuses", async () => {
    const upload = halfUpload(fair());
    try {
      await upload.written;
      // Bounded wait for the fair server to count the upload (its headers are in, its body is not).
      const deadline = Date.now() + 20_000;
      let status = 200;
      while (status !== 429 && Date.now() < deadline)
        status = (await call(fair(), '/v1/agents/view/1')).status;
      expect(status).toBe(429);
    } finally {
      upload.abort();
    }
    const leanUpload = halfUpload(lean());
    try {
      await leanUpload.written;
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push((await call(lean(), '/v1/agents/view/1')).status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(statuses).toEqual(Array(10).fill(200));
    } finally {
      leanUpload.abort();
    }
  });
});
