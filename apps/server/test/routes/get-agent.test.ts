import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_AGENT_REFERENCE_ID, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const view = (id: string, token: string = TEST_TOKENS.read) =>
  app().inject({ url: `/v1/agents/view/${id}`, headers: auth(token) });

describe('GET /v1/agents/view/{id}', () => {
  it('returns all eleven fields by numeric id', async () => {
    const res = await view('1');
    expect(res.statusCode).toBe(200);
    expectMatchesContract('getAgent', 200, res.json());
    expect(res.json().data).toMatchObject({
      id: 1,
      agentReferenceId: TEST_AGENT_REFERENCE_ID,
      name: 'Support triage',
      knowledgeBaseId: 12,
      tools: [{ type: 'svc_tool', svc_tool: 'web_search_tool' }],
    });
    expect(Object.keys(res.json().data)).toHaveLength(11);
  });

  it('finds the same agent by agentReferenceId, in any letter case', async () => {
    for (const ref of [TEST_AGENT_REFERENCE_ID, TEST_AGENT_REFERENCE_ID.toUpperCase()]) {
      const res = await view(ref);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(1);
    }
  });

  it('answers 404 when nothing matches', async () => {
    for (const id of ['999', '99999999-2222-4333-8444-555555555555']) {
      const res = await view(id);
      expect(res.statusCode).toBe(404);
      expectMatchesContract('getAgent', 404, res.json());
    }
  });

  it("answers 403 for another account's agent", async () => {
    const res = await view('3');
    expect(res.statusCode).toBe(403);
    expectMatchesContract('getAgent', 403, res.json());
    const mine = await view('3', TEST_TOKENS.other);
    expect(mine.statusCode).toBe(200);
  });

  it('answers 400 naming path.id for an id that is neither a number nor a UUID', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      const res = await view(id);
      expect(res.statusCode).toBe(400);
      expectMatchesContract('getAgent', 400, res.json());
      expect(res.json().errors[0].path).toBe('path.id');
    }
  });
});
