/**
 * The cassette index on its own: a request matches its recording whatever the JSON text of either
 * (key order, spacing, escapes, number spelling, a `text` body an earlier recorder kept), and only
 * with the same authentication outcome; a miss names the nearest recording even among 10,000 of
 * the same path (it compares only a bounded few, those sharing the request's rarest values first).
 */
import type { Cassette } from '@assistant-platform/types/admin';
import { describe, expect, it } from 'vitest';
import { CassetteLibrary, type LoadedCassette } from '../../src/cassettes/cassette-library.js';

const PATH = '/v1/agents/chat/request';

function cassette(file: string, body: Cassette['request']['body'], status = 200): LoadedCassette {
  return {
    file,
    cassette: {
      version: 1,
      recordedAt: '2025-03-18T10:00:00.000Z',
      request: { method: 'POST', path: PATH, query: '', headers: {}, body },
      response: { status, headersAtMs: 1, headers: {}, body: { json: { file } }, events: null },
    },
  };
}

const chat = (text: string, extra: Record<string, unknown> = {}) => ({
  name: 'Support',
  instruction: 'Be brief.',
  message: { role: 'user', content: [{ type: 'text', text }] },
  ...extra,
});

const hitOf = (library: CassetteLibrary, body: unknown, outcome: 'accepted' | 'refused' = 'accepted') => {
  const found = library.match('POST', PATH, body, outcome);
  return found.hit?.file ?? found;
};

describe('matching', () => {
  it('compares bodies as canonical JSON, whatever the recorded or the sent text', () => {
    const library = new CassetteLibrary(
      [
        cassette('json.json', { json: { b: [1, 2.5, 'é'], a: { y: null, x: true } } }),
        cassette('text.json', { text: '{ "n": 1.0, "big": 1e2, "s": "\\u00e9\\ud83d\\udce6" , "k" : [ ] }' }),
      ],
      [],
    );
    expect(hitOf(library, JSON.parse('{"a":{"x":true,"y":null},"b":[1,2.50,"\\u00e9"]}'))).toBe('json.json');
    expect(hitOf(library, JSON.parse('{"k":[],"s":"é📦","big":100,"n":1}'))).toBe('text.json');
    expect(hitOf(library, { k: [], s: 'é📦', big: 100, n: 2 })).toMatchObject({ hit: undefined });
  });

  it('matches the authentication outcome: a recorded 401 only answers a refused token, and the reverse', () => {
    const library = new CassetteLibrary(
      [cassette('ok.json', { json: chat('hi') }), cassette('refused.json', { json: chat('hi') }, 401)],
      [],
    );
    for (let i = 0; i < 3; i++) expect(hitOf(library, chat('hi'))).toBe('ok.json');
    expect(hitOf(library, chat('hi'), 'refused')).toBe('refused.json');
    const onlyRefused = new CassetteLibrary([cassette('refused.json', { json: chat('hi') }, 401)], []);
    expect(hitOf(onlyRefused, chat('hi'))).toEqual({
      hit: undefined,
      nearest: { cassette: 'refused.json', distance: 1, differences: [], authentication: 'refused' },
    });
  });
});

describe('the nearest cassette of a miss', () => {
  const many = Array.from({ length: 10_000 }, (_, i) =>
    cassette(`${String(i).padStart(5, '0')}.json`, { json: chat(`question ${i}`, { temperature: 0.5 }) }),
  );
  const library = new CassetteLibrary(many, []);

  it('is the recording that shares the request’s rarest value, found among 10,000', () => {
    expect(hitOf(library, chat('question 7321', { temperature: 0.9 }))).toEqual({
      hit: undefined,
      nearest: { cassette: '07321.json', distance: 1, differences: ['/temperature'] },
    });
  });

  it('is the earliest as near as any when the request shares only values every recording has', () => {
    // Every recording differs from this one in its text alone: the first compared is as near as any.
    const found = library.match('POST', PATH, chat('never asked', { temperature: 0.5 }), 'accepted');
    expect(found).toEqual({
      hit: undefined,
      nearest: { cassette: '00000.json', distance: 1, differences: ['/message/content/0/text'] },
    });
  });

  it('counts every place that differs, and lists the first twenty', () => {
    const small = new CassetteLibrary([cassette('one.json', { json: { list: [] } })], []);
    const list = Array.from({ length: 30 }, (_, i) => i);
    const found = small.match('POST', PATH, { list, extra: true }, 'accepted');
    expect(found).toMatchObject({ hit: undefined, nearest: { cassette: 'one.json', distance: 31 } });
    expect((found as { nearest: { differences: string[] } }).nearest.differences).toHaveLength(20);
  });
});
