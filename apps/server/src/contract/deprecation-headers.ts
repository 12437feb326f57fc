/**
 * Deprecation announced on the wire: a route whose operation deprecates something (the contract's
 * `deprecated: true`, in the table packages/types generates) answers a request that touches it —
 * the operation itself, a parameter or body field it sent, a field the answer carries — with
 * `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and a `Link` to the operation on `/docs`. Only
 * those routes get the hook; the headers go on every answer of such a request, errors included,
 * since a client learns of a deprecation from whatever it gets back.
 */
import { type DeprecationTable, deprecatedUses, deprecationHeaders } from '@assistant-platform/types';
import type { onSendHookHandler } from 'fastify';

/** Where the docs page is (meta/docs-route.ts); the Link names the operation's anchor on it. */
const DOCS_URL = '/docs';

export function deprecationHeadersHook(table: DeprecationTable, operationId: string): onSendHookHandler {
  return async (request, reply, payload) => {
    const uses = deprecatedUses(table, operationId, {
      query: (request.query ?? {}) as Record<string, unknown>,
      headers: Object.keys(request.headers),
      body: request.body,
    });
    if (uses.length > 0) reply.headers(deprecationHeaders(uses, DOCS_URL));
    return payload;
  };
}
