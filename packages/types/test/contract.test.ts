import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { openapiDocument } from '../src/openapi-document.js';

const yamlDocument = parse(readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8'));
const schemas = openapiDocument.components.schemas;
type Schema = Record<string, any>;
function schema(name: string): Schema {
  const found = schemas[name];
  if (!found) throw new Error(`components.schemas.${name} is missing`);
  return found;
}
const operationsByPath = Object.entries(openapiDocument.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op: op as Record<string, any> })),
);

describe('the generated document', () => {
  it('is the YAML contract, parsed', () => {
    expect(openapiDocument).toEqual(yamlDocument);
  });

  it('declares the five operations with their ids, under a /v1 server', () => {
    expect(
      operationsByPath.map(({ method, path, op }) => `${op.operationId} ${method.toUpperCase()} ${path}`),
    ).toEqual([
      'createAgent POST /agents/create',
      'getAgent GET /agents/view/{id}',
      'chatRequest POST /agents/chat/request',
      'updateTranscription PATCH /transcribe/workspace/{id}/transcriptions/{transcriptionId}',
      'createEmbeddings POST /vectors/embedding',
    ]);
    const servers = openapiDocument.servers as Array<{ url: string }>;
    expect(servers.every((server) => server.url.endsWith('/v1'))).toBe(true);
    expect(openapiDocument.security).toEqual([{ bearerAuth: [] }]);
  });

  it('gives every operation all six error statuses', () => {
    for (const { op } of operationsByPath) {
      expect(Object.keys(op.responses)).toEqual(
        expect.arrayContaining(['400', '401', '403', '404', '429', '500']),
      );
    }
  });

  it('pins the exact error texts of the spec', () => {
    const messageOf = (name: string) => schema(name).properties.message.const;
    expect({
      400: messageOf('BadRequestError'),
      401: messageOf('UnauthorizedError'),
      403: messageOf('ForbiddenError'),
      404: messageOf('NotFoundError'),
      429: schema('RateLimitError').properties.message.enum,
      500: messageOf('InternalServerError'),
    }).toEqual({
      400: 'Invalid input provided',
      401: 'Unauthorized access',
      403: 'You do not have permission to access this resource',
      404: 'Resource does not exist',
      // The rate limit's text, and the busy server's for a request no limit counted.
      429: [
        'Rate limit exceeded. Please try again later.',
        'The server is busy with your earlier requests. Please try again later.',
      ],
      500: 'Internal server error',
    });
  });

  it('pins the exact success messages of the spec', () => {
    const messageOf = (name: string) => schema(name).properties.message.const;
    expect(messageOf('CreateAgentResponse')).toBe('Agent created successfully');
    expect(messageOf('GetAgentResponse')).toBe('Agents retrieved successfully');
    expect(messageOf('ChatResponse')).toBe('Chat request processed successfully');
    expect(messageOf('UpdateTranscriptionResponse')).toBe('Transcription updated successfully');
    expect(messageOf('EmbeddingsResponse')).toBe('Embeddings created successfully');
  });

  it('returns eight agent fields on create and all eleven on view', () => {
    expect(schema('AgentSummary').required).toHaveLength(8);
    expect(schema('Agent').required).toEqual([
      ...schema('AgentSummary').required,
      'intents',
      'knowledgeBaseId',
      'tools',
    ]);
  });

  it('declares the chat defaults of the spec', () => {
    const props = schema('ChatRequestBody').properties;
    const model = schema('ChatModel');
    expect(model.default).toBe('svc-v1-blaze-20250318');
    expect({
      temperature: props.temperature?.default,
      top_p: props.top_p?.default,
      max_tokens: props.max_tokens?.default,
      frequency_penalty: props.frequency_penalty?.default,
      presence_penalty: props.presence_penalty?.default,
      seed: props.seed?.default,
      stream: props.stream?.default,
    }).toEqual({
      temperature: 0.1,
      top_p: 0.95,
      max_tokens: 4096,
      frequency_penalty: 0.3,
      presence_penalty: 0.3,
      seed: 2024,
      stream: false,
    });
  });

  it('carries request and response examples for every operation', () => {
    for (const { op } of operationsByPath) {
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1] as any;
      expect(success.content['application/json'].examples, op.operationId).toBeDefined();
      if (op.requestBody)
        expect(op.requestBody.content['application/json'].examples, op.operationId).toBeDefined();
    }
  });
});
