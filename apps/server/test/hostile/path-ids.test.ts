/**
 * Path ids must be canonical: the server never guesses that `0x7` or `07` meant `7`. Each odd
 * spelling answers the contract's 400 naming the parameter.
 */
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { useHostileServer } from './hostile-server.js';
import { call, expectHealthy, expectIssueAt } from './http-probe.js';

const server = useHostileServer();
const get = (path: string) => call(server().origin, 'GET', path);

describe('non-canonical path ids', { timeout: 60_000 }, () => {
  it.each(['0x7', '7e0', '%207', '07', '7.0', '1e3', '+1', '-1', '0'])(
    'GET /v1/agents/view/%s → 400 naming path.id',
    async (id) => {
      const res = await get(`/v1/agents/view/${id}`);
      expectIssueAt(res, 'path.id');
      expectMatchesContract('getAgent', 400, res.body);
    },
  );

  it('the canonical id and the reference id still answer 200', async () => {
    for (const id of ['1', '11111111-2222-4333-8444-555555555555']) {
      const res = await get(`/v1/agents/view/${id}`);
      expect(res.status).toBe(200);
      expectMatchesContract('getAgent', 200, res.body);
    }
  });

  it.each([
    ['07', '42', 'path.id'],
    ['7', '042', 'path.transcriptionId'],
    ['7.0', '42', 'path.id'],
    ['7', '0x2a', 'path.transcriptionId'],
  ])('PATCH /v1/transcribe/workspace/%s/transcriptions/%s → 400 naming %s', async (id, tid, name) => {
    const res = await call(server().origin, 'PATCH', `/v1/transcribe/workspace/${id}/transcriptions/${tid}`, {
      transcript: { filename: 'a.mp3', transcript: 'b' },
    });
    expectIssueAt(res, name);
    expectMatchesContract('updateTranscription', 400, res.body);
  });

  it('a path id over 2^53 - 1 → 400, and the server stays up', async () => {
    const res = await get('/v1/agents/view/99999999999999999999');
    expectIssueAt(res, 'path.id');
    await expectHealthy(server().origin);
  });
});
