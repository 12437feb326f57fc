/** The cached path serializer writes every URL exactly as openapi-fetch's default would. */
import { defaultPathSerializer } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createAssistantClient } from '../src/index.js';
import { cachedPathSerializer } from '../src/internal/path-serializer.js';
import { ok, scriptedFetch } from './helpers/fake-fetch.js';

const base = 'http://api.test/v1';
const cases: [string, Record<string, unknown>][] = [
  [`${base}/agents/view/{id}`, { id: '12' }],
  [`${base}/agents/view/{id}`, { id: 12 }],
  [`${base}/agents/view/{id}`, { id: 'a b/c?d#e%' }],
  [`${base}/agents/view/{id}`, { id: 'ünïcode' }],
  [`${base}/flags/{on}`, { on: false }],
  [`${base}/transcribe/workspace/{id}/transcriptions/{transcriptionId}`, { id: 3, transcriptionId: 9 }],
  [`${base}/twice/{id}/{id}`, { id: 'x' }],
  [`${base}/missing/{id}`, {}],
  [`${base}/null/{id}`, { id: null }],
  [`${base}/label/{.id}`, { id: 'x' }],
  [`${base}/matrix/{;id}`, { id: 'x' }],
  [`${base}/explode/{id*}`, { id: ['a', 'b'] }],
  [`${base}/array/{id}`, { id: ['a', 'b'] }],
  [`${base}/object/{id}`, { id: { role: 'admin', first: 'Alex' } }],
  [`${base}/no-params`, { id: 'unused' }],
];

describe('cachedPathSerializer', () => {
  it.each(cases)('writes %s with %j as the default does', (pathname, params) => {
    const serialize = cachedPathSerializer();
    const expected = defaultPathSerializer(pathname, params);
    expect(serialize(pathname, params)).toBe(expected);
    // Again, now from the parsed template.
    expect(serialize(pathname, params)).toBe(expected);
  });

  it('keeps templates of different base URLs apart', () => {
    const serialize = cachedPathSerializer();
    expect(serialize('http://one.test/v1/agents/view/{id}', { id: 1 })).toBe(
      'http://one.test/v1/agents/view/1',
    );
    expect(serialize('http://two.test/v1/agents/view/{id}', { id: 2 })).toBe(
      'http://two.test/v1/agents/view/2',
    );
  });

  it('fills path parameters of resource methods and of the raw client', async () => {
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    const sdk = createAssistantClient({ baseUrl: `${base}/`, token: 't', fetch });
    await sdk.agents.get('a b/c');
    await sdk.raw.GET('/agents/view/{id}', { params: { path: { id: 'a b/c' } } });
    expect(fetch.sent.map((sent) => sent.url)).toEqual([
      `${base}/agents/view/a%20b%2Fc`,
      `${base}/agents/view/a%20b%2Fc`,
    ]);
  });
});
