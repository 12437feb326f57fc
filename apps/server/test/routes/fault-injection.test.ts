import { ERROR_MESSAGES } from '@assistant-platform/types';
import { FAULT_ERROR_MESSAGES } from '@assistant-platform/types/admin';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { OPERATION_IDS, OPERATIONS } from '../helpers/operations.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();

const request = (prefer: string, url = '/v1/agents/view/1') =>
  app().inject({ url, headers: { ...auth(TEST_TOKENS.all), prefer } });

describe('Prefer: code=N fault injection', () => {
  for (const id of OPERATION_IDS) {
    it.each([400, 401, 403, 404, 429, 500, 503])(`${id} answers %i with its exact envelope`, async (code) => {
      const op = OPERATIONS[id];
      const res = await app().inject({
        method: op.method,
        url: op.url,
        headers: { ...auth(TEST_TOKENS.all), prefer: `code=${code}` },
        payload: op.payload as object,
      });
      expect(res.statusCode).toBe(code);
      expectMatchesContract(id, code, res.json());
      if (code === 429 || code === 503) expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });

    it.each([408, 502, 503, 504] as const)(
      `${id} answers %i with the admin contract's envelope`,
      async (code) => {
        const op = OPERATIONS[id];
        const res = await app().inject({
          method: op.method,
          url: op.url,
          headers: { ...auth(TEST_TOKENS.all), prefer: `code=${code}` },
          payload: op.payload as object,
        });
        expect(res.statusCode).toBe(code);
        const messages = { ...ERROR_MESSAGES, ...FAULT_ERROR_MESSAGES };
        expect(res.json()).toEqual({ success: false, message: messages[code] });
        expect(res.headers['retry-after']).toBe(code === 503 ? '1' : undefined);
      },
    );
  }

  it('still authenticates first: a bad token with Prefer: code=500 is 401', async () => {
    const res = await app().inject({ url: '/v1/agents/view/1', headers: { prefer: 'code=500' } });
    expect(res.statusCode).toBe(401);
  });

  it('ignores the preferences it does not know, as RFC 7240 asks', async () => {
    for (const prefer of ['return=minimal', 'respond-async, wait=10', 'handling=lenient; x=1']) {
      expect((await request(prefer)).statusCode).toBe(200);
    }
  });

  it('answers 400 naming header.prefer for a value a fault may not have, before doing anything', async () => {
    for (const [prefer, named] of [
      ['code=418', 'code=418'],
      ['code=2000', 'code=2000'],
      ['delay=soon', 'delay=soon'],
      ['delay=70000', 'delay=70000'],
      ['tps=0', 'tps=0'],
      ['reset=yes', 'reset=yes'],
      ['return=minimal, disconnect-after=-1', 'disconnect-after=-1'],
    ]) {
      const res = await request(prefer as string);
      expect(res.statusCode, prefer).toBe(400);
      expectMatchesContract('getAgent', 400, res.json());
      expect(res.json().errors).toEqual([
        { path: 'header.prefer', message: expect.stringMatching(new RegExp(`^${named}: `)) },
      ]);
    }
  });

  it('reads quoted values, parameters and several preferences in one header', async () => {
    expect((await request('respond-async, code="503"; reason=test')).statusCode).toBe(503);
    expect((await request('CODE=404')).statusCode).toBe(404);
  });

  it('waits `delay` milliseconds before answering', async () => {
    const started = performance.now();
    const res = await request('delay=300');
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
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
