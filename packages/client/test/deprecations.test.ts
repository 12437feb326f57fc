/**
 * Deprecations: a call the server answers with `Deprecation` headers is warned about once per
 * process per deprecated thing (whichever client made it), silently passed to `onDeprecation`
 * when `deprecations: 'silent'`, and with a contract that deprecates a field, `'error'` refuses a
 * call that sends it before anything is sent. The contract this SDK is built from deprecates
 * nothing, so that case gives the middleware a fixture contract's table.
 */
import type { DeprecationTable } from '@assistant-platform/types';
import { describe, expect, it } from 'vitest';
import { createAssistantClient, DeprecationError, type DeprecationNotice } from '../src/index.js';
import { deprecationMiddleware } from '../src/internal/deprecation-notices.js';
import { json, scriptedFetch } from './helpers/fake-fetch.js';

const baseUrl = 'http://api.test/v1';
const agent = {
  id: 1,
  agentReferenceId: 'a',
  name: 'n',
  description: '',
  instruction: 'i',
  status: 'ACTIVE',
  createdAt: 'x',
  updatedAt: 'x',
};

/** An answer announcing a deprecation with the given date (each test its own: warnings are per process). */
const deprecatedAnswer = (seconds: number) => () =>
  json(
    200,
    { success: true, message: 'Agent retrieved successfully', data: agent },
    {
      deprecation: `@${seconds}`,
      sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
      link: '</docs#/Agents/getAgent>; rel="deprecation"; type="text/html"',
    },
  );

function warnings() {
  const seen: string[] = [];
  return { seen, logger: { warn: (message: string) => seen.push(message) } };
}

describe('deprecation warnings', () => {
  it('warns once per process about a deprecation the server announces, whichever client meets it', async () => {
    const { seen, logger } = warnings();
    const fetch = scriptedFetch(deprecatedAnswer(1_700_000_000));
    const first = createAssistantClient({ baseUrl, token: 't', fetch, logger, maxRetries: 0 });
    const second = createAssistantClient({ baseUrl, token: 't', fetch, logger, maxRetries: 0 });
    await first.agents.get(1);
    await first.agents.get(2);
    await second.agents.get(3);
    expect(seen).toEqual([
      '@assistant-platform/client: GET /agents/view/{id} is deprecated since 2023-11-14, and goes away on 2027-06-30; see http://api.test/docs#/Agents/getAgent (the server says so).',
    ]);
  });

  it("tells onDeprecation every time, and warns of nothing with deprecations: 'silent'", async () => {
    const { seen, logger } = warnings();
    const notices: DeprecationNotice[] = [];
    const sdk = createAssistantClient({
      baseUrl,
      token: 't',
      fetch: scriptedFetch(deprecatedAnswer(1_700_000_001)),
      logger,
      deprecations: 'silent',
      onDeprecation: (notice) => notices.push(notice),
      maxRetries: 0,
    });
    await sdk.agents.get(1);
    await sdk.agents.get(1);
    expect(seen).toEqual([]);
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatchObject({
      source: 'server',
      method: 'GET',
      path: '/agents/view/{id}',
      operationId: 'getAgent',
      headers: { deprecation: '@1700000001', sunset: 'Wed, 30 Jun 2027 00:00:00 GMT' },
    });
  });

  it("refuses, before sending, a call its contract knows to be deprecated with deprecations: 'error'", async () => {
    const table: DeprecationTable = {
      createAgent: {
        method: 'post',
        path: '/agents/create',
        docs: '#/Agents/createAgent',
        requestFields: { knowledgeBaseId: { since: '2026-01-15', sunset: '2027-06-30' } },
      },
    };
    const fetch = scriptedFetch(() =>
      json(201, { success: true, message: 'Agent created successfully', data: agent }),
    );
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch, deprecations: 'silent', maxRetries: 0 });
    sdk.use(deprecationMiddleware({ mode: 'error', logger: undefined, onDeprecation: undefined, table }));
    const refused = await sdk.agents
      .create({ name: 'a', instruction: 'b', knowledgeBaseId: 4 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DeprecationError);
    expect((refused as Error).message).toBe(
      '@assistant-platform/client: request field knowledgeBaseId of createAgent is deprecated since 2026-01-15, and goes away on 2027-06-30; see http://api.test/docs#/Agents/createAgent.',
    );
    expect(fetch.sent).toHaveLength(0);
    // The same call without the deprecated field goes through.
    await expect(sdk.agents.create({ name: 'a', instruction: 'b' })).resolves.toMatchObject({ id: 1 });
    expect(fetch.sent).toHaveLength(1);
  });
});
