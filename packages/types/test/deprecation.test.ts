/**
 * Deprecation from the contract: the generator's table for a fixture contract (the real one with a
 * request field marked `deprecated: true`, as the real contract deprecates nothing), which uses a
 * request touches, and the RFC 9745 / RFC 8594 headers that announce them.
 */
import { describe, expect, it } from 'vitest';
import { deprecationTable } from '../scripts/deprecation-table.mjs';
import { DEPRECATIONS, deprecatedUses, deprecationHeaders, readDeprecationHeaders } from '../src/index.js';
import { openapiDocument } from '../src/openapi-document.js';

type Doc = { components: { schemas: Record<string, { properties: Record<string, object> }> } };

/** The contract with createAgent's `knowledgeBaseId` deprecated on 2026-01-15, going away 2027-06-30. */
function fixtureContract(
  marks: object = { deprecated: true, 'x-deprecated-at': '2026-01-15', 'x-sunset': '2027-06-30' },
) {
  const document = structuredClone(openapiDocument) as unknown as Doc;
  Object.assign(document.components.schemas.CreateAgentBody!.properties.knowledgeBaseId!, marks);
  return document;
}

describe('the deprecation table', () => {
  it('is empty for the real contract, which deprecates nothing', () => {
    expect(DEPRECATIONS).toEqual({});
  });

  it("lists a deprecated request field with its dates and the operation's docs link", () => {
    expect(deprecationTable(fixtureContract())).toEqual({
      createAgent: {
        method: 'post',
        path: '/agents/create',
        docs: '#/Agents/createAgent',
        requestFields: { knowledgeBaseId: { since: '2026-01-15', sunset: '2027-06-30' } },
      },
    });
  });

  it('refuses a deprecation without the date the Deprecation header carries', () => {
    expect(() => deprecationTable(fixtureContract({ deprecated: true }))).toThrow(/x-deprecated-at/);
  });
});

describe('deprecated uses and their headers', () => {
  const table = deprecationTable(fixtureContract());

  it('finds a deprecated field only in a request that sends it', () => {
    expect(deprecatedUses(table, 'createAgent', { body: { name: 'a', instruction: 'b' } })).toEqual([]);
    expect(
      deprecatedUses(table, 'createAgent', { body: { name: 'a', instruction: 'b', knowledgeBaseId: 3 } }),
    ).toEqual([
      {
        operationId: 'createAgent',
        item: 'request field knowledgeBaseId',
        docs: '#/Agents/createAgent',
        since: '2026-01-15',
        sunset: '2027-06-30',
      },
    ]);
    expect(deprecatedUses(table, 'getAgent', { body: { knowledgeBaseId: 3 } })).toEqual([]);
  });

  it('announces them with Deprecation, Sunset and Link headers, read back the same', () => {
    const uses = deprecatedUses(table, 'createAgent', { body: { knowledgeBaseId: 3 } });
    const headers = deprecationHeaders(uses, '/docs');
    expect(headers).toEqual({
      deprecation: `@${Date.UTC(2026, 0, 15) / 1000}`,
      sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
      link: '</docs#/Agents/createAgent>; rel="deprecation"; type="text/html", </docs#/Agents/createAgent>; rel="sunset"; type="text/html"',
    });
    const read = readDeprecationHeaders(new Headers(headers));
    expect(read).toMatchObject({
      since: new Date(Date.UTC(2026, 0, 15)),
      sunset: new Date(Date.UTC(2027, 5, 30)),
      docs: '/docs#/Agents/createAgent',
    });
    expect(deprecationHeaders([], '/docs')).toEqual({});
    expect(readDeprecationHeaders(new Headers())).toBeUndefined();
  });

  it('finds fields inside arrays by their [] path', () => {
    const nested = {
      op: {
        method: 'post',
        path: '/x',
        docs: '#/x/op',
        requestFields: { 'tools[].name': { since: '2026-01-01' } },
      },
    };
    expect(deprecatedUses(nested, 'op', { body: { tools: [{ type: 'a' }] } })).toEqual([]);
    expect(deprecatedUses(nested, 'op', { body: { tools: [{ type: 'a' }, { name: 'n' }] } })).toHaveLength(1);
  });
});
