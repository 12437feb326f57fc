import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_OPERATIONS, adminDocument } from '../src/admin.js';
import {
  adminViewOf,
  bearerToken,
  ConfigError,
  DECLARED_DEFAULTS,
  ERROR_MESSAGES,
  errorEnvelope,
  grants,
  isClientRequestId,
  OPERATIONS,
  readEnvironment,
  retryAfterMs,
  SCOPES,
} from '../src/index.js';
import { openapiDocument } from '../src/openapi-document.js';

describe('the operation table', () => {
  it('names each operation with its method, path and the scope its own security requires', () => {
    expect(
      Object.entries(OPERATIONS).map(([id, op]) => `${id} ${op.method.toUpperCase()} ${op.path} ${op.scope}`),
    ).toEqual([
      'createAgent POST /agents/create agents:write',
      'getAgent GET /agents/view/{id} agents:read',
      'chatRequest POST /agents/chat/request agents:chat',
      'updateTranscription PATCH /transcribe/workspace/{id}/transcriptions/{transcriptionId} transcriptions:write',
      'createEmbeddings POST /vectors/embedding embeddings:create',
    ]);
  });

  it('marks integer path parameters, JSON bodies and the in-flight-limited operations', () => {
    expect(OPERATIONS.updateTranscription.pathParameters).toEqual([
      { name: 'id', integer: true },
      { name: 'transcriptionId', integer: true },
    ]);
    expect(OPERATIONS.getAgent.pathParameters).toEqual([{ name: 'id', integer: false }]);
    expect(OPERATIONS.getAgent.jsonBody).toBe(false);
    const limited = Object.entries(OPERATIONS).filter(([, op]) => op.inFlightLimited);
    expect(limited.map(([id]) => id)).toEqual(['chatRequest', 'createEmbeddings']);
  });

  it('lists every scope the two bearer schemes declare, and `*` grants them all', () => {
    const declared = (document: { components: Record<string, any> }) =>
      Object.keys(document.components.securitySchemes.bearerAuth['x-scopes']);
    const platform = declared(openapiDocument).filter((scope) => scope !== '*');
    expect(SCOPES).toEqual([...platform, ...declared(adminDocument), '*']);
    expect(grants(['*'], 'agents:chat')).toBe(true);
    expect(grants(['agents:read'], 'agents:read')).toBe(true);
    expect(grants(['agents:read'], 'agents:write')).toBe(false);
  });

  it('lets `*` grant every scope but `operator`, which only a token naming it holds', () => {
    for (const scope of SCOPES)
      expect({ scope, granted: grants(['*'], scope) }).toEqual({ scope, granted: scope !== 'operator' });
    expect(grants(['operator'], 'operator')).toBe(true);
    expect(grants(['admin'], 'operator')).toBe(false);
    expect(grants(['*', 'admin'], 'operator')).toBe(false);
  });

  it('lets `operator` call every admin operation but no platform one', () => {
    for (const operation of Object.values(ADMIN_OPERATIONS))
      expect(grants(['operator'], operation.scope)).toBe(true);
    for (const operation of Object.values(OPERATIONS))
      expect(grants(['operator'], operation.scope)).toBe(false);
    expect(grants(['admin'], 'admin')).toBe(true);
    expect(grants(['admin'], 'agents:read')).toBe(false);
  });

  it('says which view of the admin API a token has', () => {
    expect(adminViewOf(['*'])).toBe('account');
    expect(adminViewOf(['admin'])).toBe('account');
    expect(adminViewOf(['*', 'operator'])).toBe('operator');
    expect(adminViewOf(['operator'])).toBe('operator');
  });

  it('names in the admin contract the scope each admin operation needs: the violations summary and the metrics are the operators’', () => {
    const operatorOnly = Object.entries(ADMIN_OPERATIONS)
      .filter(([, operation]) => operation.scope === 'operator')
      .map(([id]) => id);
    expect(operatorOnly.sort()).toEqual(['clearViolations', 'scrapeMetrics', 'summarizeViolations']);
    expect(new Set(Object.values(ADMIN_OPERATIONS).map((operation) => operation.scope))).toEqual(
      new Set(['admin', 'operator']),
    );
  });
});

describe('declared defaults', () => {
  it('are the contract’s, following a `$ref` when the property declares none', () => {
    const chatModel = openapiDocument.components.schemas.ChatModel as { default: string };
    expect(DECLARED_DEFAULTS.ChatRequestBody.model).toBe(chatModel.default);
    expect(DECLARED_DEFAULTS.ChatRequestBody.max_tokens).toBe(4096);
    expect(DECLARED_DEFAULTS.CreateAgentBody).toEqual({ description: '', intents: [], tools: [] });
    expect(DECLARED_DEFAULTS.EmbeddingsBody.lang).toBe('multi');
  });
});

describe('error envelopes', () => {
  it('carry the fixed message of their status, and a 400 always lists its errors', () => {
    expect(errorEnvelope(404)).toEqual({ success: false, message: 'Resource does not exist' });
    expect(errorEnvelope(400)).toEqual({ success: false, message: ERROR_MESSAGES[400], errors: [] });
    expect(errorEnvelope(409)).toEqual({
      success: false,
      message: 'A request with this Idempotency-Key is still in progress',
    });
    expect(errorEnvelope(503)).toEqual({ success: false, message: 'Service unavailable' });
  });

  it('include the 502, 503 and 504 a deployment (or the balancer in front of it) answers', () => {
    const messageOf = (name: string) =>
      (openapiDocument.components.schemas[name] as { properties: { message: { const: string } } }).properties
        .message.const;
    expect([errorEnvelope(502), errorEnvelope(503), errorEnvelope(504)]).toEqual([
      { success: false, message: messageOf('BadGatewayError') },
      { success: false, message: messageOf('ServiceUnavailableError') },
      { success: false, message: messageOf('GatewayTimeoutError') },
    ]);
  });
});

describe('idempotency keys', () => {
  it('are taken by every POST of the contract, and by nothing else', () => {
    const takers = Object.entries(OPERATIONS)
      .filter(([, operation]) => operation.idempotencyKey)
      .map(([id]) => id);
    const posts = Object.entries(OPERATIONS)
      .filter(([, operation]) => operation.method === 'post')
      .map(([id]) => id);
    expect(takers).toEqual(posts);
    expect(takers).toEqual(['createAgent', 'chatRequest', 'createEmbeddings']);
  });
});

describe('header rules', () => {
  it('reads a bearer token of token68 characters, the scheme in any case', () => {
    expect(bearerToken('Bearer abc.DEF-123_~+/==')).toBe('abc.DEF-123_~+/==');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Bearer  abc')).toBeUndefined();
    expect(bearerToken('Bearer ab c')).toBeUndefined();
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('echoes only 1–128 visible ASCII characters as a request id', () => {
    expect(isClientRequestId('trace-1')).toBe(true);
    expect(isClientRequestId('x'.repeat(128))).toBe(true);
    expect(isClientRequestId('x'.repeat(129))).toBe(false);
    expect(isClientRequestId('has space')).toBe(false);
    expect(isClientRequestId('')).toBe(false);
    expect(isClientRequestId(['a'])).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2025-03-18T10:00:00.000Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 1.5 ', now)).toBe(1500);
    expect(retryAfterMs('Tue, 18 Mar 2025 10:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Tue, 18 Mar 2025 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs('2.5e3', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('readEnvironment', () => {
  const schema = z.object({ PORT: z.coerce.number().int().default(4010), NAME: z.string().min(2) });

  it('parses the environment, empty values counting as unset', () => {
    expect(readEnvironment(schema, { PORT: '', NAME: 'ok' }, 'Invalid')).toEqual({ PORT: 4010, NAME: 'ok' });
  });

  it('throws a ConfigError naming every bad variable', () => {
    const read = () => readEnvironment(schema, { PORT: 'x', NAME: 'a' }, 'Invalid test configuration');
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/^Invalid test configuration:\n {2}PORT: .+\n {2}NAME: .+$/);
  });
});
