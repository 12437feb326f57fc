import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { OPERATION_IDS, OPERATIONS } from '../helpers/operations.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();

describe('Prefer: code=N fault injection', () => {
  for (const id of OPERATION_IDS) {
    it.each([400, 401, 403, 404, 429, 500])(`${id} answers %i with its exact envelope`, async (code) => {
      const op = OPERATIONS[id];
      const res = await app().inject({
        method: op.method,
        url: op.url,
        headers: { ...auth(TEST_TOKENS.all), prefer: `code=${code}` },
        payload: op.payload as object,
      });
      expect(res.statusCode).toBe(code);
      expectMatchesContract(id, code, res.json());
      if (code === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });
  }

  it('still authenticates first: a bad token with Prefer: code=500 is 401', async () => {
    const res = await app().inject({ url: '/v1/agents/view/1', headers: { prefer: 'code=500' } });
    expect(res.statusCode).toBe(401);
  });

  it('ignores other Prefer values and unsupported codes', async () => {
    for (const prefer of ['return=minimal', 'code=418', 'code=2000']) {
      const res = await app().inject({
        url: '/v1/agents/view/1',
        headers: { ...auth(TEST_TOKENS.all), prefer },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('writes nothing when a fault is injected', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: { ...auth(TEST_TOKENS.all), prefer: 'code=500' },
      payload: { name: 'Never stored', instruction: 'x' },
    });
    expect(res.statusCode).toBe(500);
    const next = await app().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: auth(TEST_TOKENS.all),
      payload: { name: 'Stored', instruction: 'x' },
    });
    expect(next.json().data.id).toBe(4);
  });
});
