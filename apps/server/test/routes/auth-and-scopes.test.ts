import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { OPERATION_IDS, OPERATIONS } from '../helpers/operations.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const call = (id: (typeof OPERATION_IDS)[number], headers: Record<string, string>, payload?: unknown) => {
  const op = OPERATIONS[id];
  return app().inject({
    method: op.method,
    url: op.url,
    headers,
    payload: (payload ?? op.payload) as object,
  });
};

const SCOPED_TOKENS: Record<string, string> = {
  'agents:read': TEST_TOKENS.read,
  'agents:write': TEST_TOKENS.write,
  'agents:chat': TEST_TOKENS.chat,
  'transcriptions:write': TEST_TOKENS.transcriptions,
  'embeddings:create': TEST_TOKENS.embeddings,
};

describe('authentication', () => {
  it.each(OPERATION_IDS)('%s answers 401 for a missing, malformed or unknown token', async (id) => {
    for (const headers of [
      {},
      { authorization: TEST_TOKENS.all },
      { authorization: `Basic ${TEST_TOKENS.all}` },
      { authorization: 'Bearer ' },
      { authorization: 'Bearer not-a-known-token' },
    ]) {
      const res = await call(id, headers as Record<string, string>);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expectMatchesContract(id, 401, res.json());
    }
  });

  it('accepts the scheme name in any case (RFC 7235): bearer and BEARER work like Bearer', async () => {
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await call('getAgent', { authorization: `${scheme} ${TEST_TOKENS.all}` });
      expect(res.statusCode).toBe(OPERATIONS.getAgent.success);
    }
  });

  it('checks credentials before validation: a bad body with no token is 401, not 400', async () => {
    const res = await call('createAgent', {}, { nonsense: true });
    expect(res.statusCode).toBe(401);
  });
});

describe('scopes: each operation × each scope', () => {
  for (const id of OPERATION_IDS) {
    for (const [scope, token] of Object.entries(SCOPED_TOKENS)) {
      const allowed = scope === OPERATIONS[id].scope;
      it(`${id} with ${scope} → ${allowed ? 'allowed' : '403'}`, async () => {
        const res = await call(id, auth(token));
        expect(res.statusCode).toBe(allowed ? OPERATIONS[id].success : 403);
        expectMatchesContract(id, res.statusCode, res.json());
      });
    }
    it(`${id} with * is allowed`, async () => {
      expect((await call(id, auth(TEST_TOKENS.all))).statusCode).toBe(OPERATIONS[id].success);
    });
  }

  it('checks the scope before validation: a bad body without the scope is 403, not 400', async () => {
    const res = await call('createAgent', auth(TEST_TOKENS.read), { nonsense: true });
    expect(res.statusCode).toBe(403);
    const malformed = await app().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: { ...auth(TEST_TOKENS.read), 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(malformed.statusCode).toBe(403);
  });
});
