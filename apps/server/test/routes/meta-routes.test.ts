import { adminDocument } from '@assistant-platform/types/admin';
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();

describe('contract, docs, health and housekeeping', () => {
  it('serves the canonical document as JSON and YAML without a token', async () => {
    const json = await app().inject({ url: '/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(openapiDocument);
    const yaml = await app().inject({ url: '/openapi.yaml' });
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    expect(parse(yaml.body)).toEqual(openapiDocument);
  });

  it('answers GET /openapi.yaml with 200 and the contract as YAML (the bundle once answered 500)', async () => {
    const res = await app().inject({ url: '/openapi.yaml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(res.body.startsWith('openapi: 3.1')).toBe(true);
    expect(parse(res.body)).toEqual(openapiDocument);
  });

  it('serves an offline API reference page and its assets', async () => {
    const page = await app().inject({ url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const asset of page.body.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)) {
      const res = await app().inject({ url: asset[1] as string });
      expect(res.statusCode, asset[1]).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(10);
    }
    expect((await app().inject({ url: '/docs/init.js' })).body).toContain("'/openapi.yaml'");
  });

  it('serves the admin API’s document as JSON and YAML without a token, and lists it on the docs page', async () => {
    const res = await app().inject({ url: '/_admin/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(adminDocument);
    const yaml = await app().inject({ url: '/_admin/openapi.yaml' });
    expect(yaml.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(parse(yaml.body)).toEqual(adminDocument);
    const init = (await app().inject({ url: '/docs/init.js' })).body;
    expect(init).toContain("here('/openapi.yaml')");
    expect(init).toContain("here('/_admin/openapi.yaml')");
  });

  it('answers /healthz', async () => {
    const res = await app().inject({ url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown paths with the 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['GET', '/v1/agents/view'],
      ['DELETE', '/_admin/nope'],
    ] as const) {
      const res = await app().inject({ method, url, headers: auth(TEST_TOKENS.all) });
      expect(res.statusCode).toBe(404);
      expectMatchesContract('getAgent', 404, res.json());
    }
  });

  it('answers a known path with another method 405, with Allow and the envelope, in both APIs', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/v1/agents/view/1', 'GET, HEAD'],
      ['GET', '/v1/agents/create', 'POST'],
      ['PUT', '/v1/agents/chat/request?x=1', 'POST'],
      ['POST', '/v1/transcribe/workspace/7/transcriptions/42', 'PATCH'],
      ['PATCH', '/_admin/requests', 'GET, DELETE, HEAD'],
      ['POST', '/_admin/state', 'GET, PUT, HEAD'],
      ['GET', '/_admin/faults/1', 'PATCH, DELETE'],
    ] as const) {
      // Without a token too: the method is wrong whoever asks.
      const res = await app().inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toEqual({ success: false, message: 'Method not allowed' });
    }
  });

  it('puts an x-request-id on every response and echoes a well-formed one', async () => {
    const made = await app().inject({ url: '/v1/agents/view/1' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await app().inject({
      url: '/v1/agents/view/1',
      headers: { ...auth(TEST_TOKENS.all), 'x-request-id': 'client-abc-1' },
    });
    expect(echoed.headers['x-request-id']).toBe('client-abc-1');
    const refused = await app().inject({ url: '/nope', headers: { 'x-request-id': 'x'.repeat(200) } });
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
