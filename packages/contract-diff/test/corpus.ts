/**
 * The diff's corpus: for each rule README.md lists, a small contract before and after one change,
 * and what the diff must report. A case edits a copy of one base document (an operation with a
 * query parameter, a JSON body and a JSON answer), so each pair differs in that change alone.
 */
import type { Level } from '../src/change.js';

type Doc = Record<string, any>;

export function baseDocument(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Corpus', version: '1.0.0' },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', 'x-scopes': { read: 'Read', write: 'Write' } },
      },
      schemas: {
        Name: { type: 'string', minLength: 1, maxLength: 200 },
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
      },
    },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          security: [{ bearerAuth: ['write'] }],
          parameters: [
            {
              name: 'mode',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: ['fast', 'full'], default: 'full' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  additionalProperties: false,
                  properties: {
                    name: { $ref: '#/components/schemas/Name' },
                    size: { type: 'integer', minimum: 1, maximum: 100 },
                    tree: { $ref: '#/components/schemas/Node' },
                  },
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'Created.',
              headers: { Location: { required: true, schema: { type: 'string' } } },
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['id', 'status'],
                    properties: {
                      id: { type: 'integer' },
                      status: { type: 'string', enum: ['ACTIVE', 'PAUSED'] },
                      note: { type: 'string', maxLength: 500 },
                    },
                  },
                },
              },
            },
            '400': { description: 'Bad request.' },
          },
        },
      },
    },
  };
}

export interface CorpusCase {
  /** The rule README.md names, and the level it reports. */
  rule: string;
  level: Level;
  /** What the case changes, in words (README's example). */
  change: string;
  edit: (document: Doc) => void;
  /** An edit of the base for both sides, when the case starts from another state. */
  editBefore?: (document: Doc) => void;
  /** Changes the edit must produce (besides this rule's), when it produces several. */
  alsoReports?: string[];
}

const op = (document: Doc) => document.paths['/things'].post;
const body = (document: Doc) => op(document).requestBody.content['application/json'].schema;
const answer = (document: Doc) => op(document).responses['201'].content['application/json'].schema;

export const CORPUS: CorpusCase[] = [
  {
    rule: 'operation-removed',
    level: 'breaking',
    change: 'an operation removed',
    edit: (d) => delete d.paths['/things'],
  },
  {
    rule: 'operation-added',
    level: 'compatible',
    change: 'a new operation',
    edit: (d) =>
      (d.paths['/things'].get = {
        operationId: 'listThings',
        security: [{ bearerAuth: ['read'] }],
        responses: { '200': { description: 'OK.' } },
      }),
  },
  {
    rule: 'operation-id-changed',
    level: 'breaking',
    change: '`operationId` renamed',
    edit: (d) => (op(d).operationId = 'makeThing'),
  },
  {
    rule: 'parameter-added-required',
    level: 'breaking',
    change: 'a new required query parameter',
    edit: (d) =>
      op(d).parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } }),
  },
  {
    rule: 'parameter-added-required',
    level: 'breaking',
    change: 'a new required header',
    edit: (d) =>
      op(d).parameters.push({ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } }),
  },
  {
    rule: 'parameter-added',
    level: 'compatible',
    change: 'a new optional parameter',
    edit: (d) => op(d).parameters.push({ name: 'dryRun', in: 'query', schema: { type: 'boolean' } }),
  },
  {
    rule: 'parameter-removed',
    level: 'breaking',
    change: 'a parameter removed',
    edit: (d) => (op(d).parameters = []),
  },
  {
    rule: 'parameter-became-required',
    level: 'breaking',
    change: 'an optional parameter made required',
    edit: (d) => (op(d).parameters[0].required = true),
  },
  {
    rule: 'request-narrowed',
    level: 'breaking',
    change: 'an enum value removed from a parameter',
    edit: (d) => (op(d).parameters[0].schema.enum = ['full']),
  },
  {
    rule: 'request-narrowed',
    level: 'breaking',
    change: 'a lower `maxLength` in a request (through a `$ref`)',
    edit: (d) => (d.components.schemas.Name.maxLength = 100),
  },
  {
    rule: 'request-narrowed',
    level: 'breaking',
    change: 'a `pattern` added to a request field',
    edit: (d) => (d.components.schemas.Name.pattern = '^[a-z]+$'),
  },
  {
    rule: 'request-narrowed',
    level: 'breaking',
    change: 'a higher `minimum` in a request',
    edit: (d) => (body(d).properties.size.minimum = 10),
  },
  {
    rule: 'request-narrowed',
    level: 'breaking',
    change: '`number` → `integer` in a request',
    editBefore: (d) => (body(d).properties.size = { type: 'number' }),
    edit: (d) => (body(d).properties.size = { type: 'integer' }),
  },
  {
    rule: 'request-widened',
    level: 'compatible',
    change: 'a higher `maximum` in a request',
    edit: (d) => (body(d).properties.size.maximum = 1000),
  },
  {
    rule: 'request-property-added-required',
    level: 'breaking',
    change: 'a new required request field',
    edit: (d) => {
      body(d).properties.color = { type: 'string' };
      body(d).required.push('color');
    },
  },
  {
    rule: 'request-property-added',
    level: 'compatible',
    change: 'a new optional request field',
    edit: (d) => (body(d).properties.color = { type: 'string' }),
  },
  {
    rule: 'request-property-removed',
    level: 'breaking',
    change: 'a request field removed',
    edit: (d) => delete body(d).properties.size,
  },
  {
    rule: 'request-property-became-required',
    level: 'breaking',
    change: 'an optional request field made required',
    edit: (d) => body(d).required.push('size'),
  },
  {
    rule: 'request-property-became-optional',
    level: 'compatible',
    change: 'a required request field made optional',
    edit: (d) => (body(d).required = []),
  },
  {
    rule: 'request-body-became-required',
    level: 'breaking',
    change: 'an optional body made required',
    editBefore: (d) => (op(d).requestBody.required = false),
    edit: (d) => (op(d).requestBody.required = true),
  },
  {
    rule: 'request-body-became-optional',
    level: 'compatible',
    change: 'a required body made optional',
    edit: (d) => (op(d).requestBody.required = false),
  },
  {
    rule: 'request-media-type-removed',
    level: 'breaking',
    change: 'a request media type removed',
    edit: (d) => (op(d).requestBody.content = { 'text/plain': { schema: { type: 'string' } } }),
    alsoReports: ['request-media-type-added'],
  },
  {
    rule: 'default-changed',
    level: 'breaking',
    change: 'a request default changed',
    edit: (d) => (op(d).parameters[0].schema.default = 'fast'),
  },
  {
    rule: 'response-property-removed',
    level: 'breaking',
    change: 'a response field removed',
    edit: (d) => delete answer(d).properties.note,
  },
  {
    rule: 'response-property-became-optional',
    level: 'breaking',
    change: 'a response field that may now be absent',
    edit: (d) => (answer(d).required = ['id']),
  },
  {
    rule: 'response-property-added',
    level: 'compatible',
    change: 'a new response field',
    edit: (d) => (answer(d).properties.color = { type: 'string' }),
  },
  {
    rule: 'response-widened',
    level: 'breaking',
    change: 'an enum value added to a response',
    edit: (d) => answer(d).properties.status.enum.push('DELETED'),
  },
  {
    rule: 'response-narrowed',
    level: 'compatible',
    change: 'a lower `maxLength` in a response',
    edit: (d) => (answer(d).properties.note.maxLength = 100),
  },
  {
    rule: 'type-changed',
    level: 'breaking',
    change: 'a type changed',
    edit: (d) => (answer(d).properties.id = { type: 'string' }),
  },
  {
    rule: 'response-status-removed',
    level: 'breaking',
    change: 'a status removed',
    edit: (d) => delete op(d).responses['400'],
  },
  {
    rule: 'response-status-added',
    level: 'compatible',
    change: 'a new status',
    edit: (d) => (op(d).responses['409'] = { description: 'Conflict.' }),
  },
  {
    rule: 'response-header-removed',
    level: 'breaking',
    change: 'a response header removed',
    edit: (d) => (op(d).responses['201'].headers = {}),
  },
  {
    rule: 'response-header-added',
    level: 'compatible',
    change: 'a new response header',
    edit: (d) => (op(d).responses['201'].headers['X-Count'] = { schema: { type: 'integer' } }),
  },
  {
    rule: 'scope-required',
    level: 'breaking',
    change: 'an operation that requires another scope',
    edit: (d) => (op(d).security = [{ bearerAuth: ['admin'] }]),
  },
  {
    rule: 'scope-removed',
    level: 'breaking',
    change: 'a scope no longer declared',
    edit: (d) => delete d.components.securitySchemes.bearerAuth['x-scopes'].read,
  },
  {
    rule: 'scope-added',
    level: 'compatible',
    change: 'a new scope declared',
    edit: (d) => (d.components.securitySchemes.bearerAuth['x-scopes'].admin = 'Admin'),
  },
  {
    rule: 'deprecated',
    level: 'compatible',
    change: 'an operation deprecated, with a sunset date',
    edit: (d) => Object.assign(op(d), { deprecated: true, 'x-sunset': '2027-06-30' }),
    alsoReports: ['sunset'],
  },
  {
    rule: 'deprecated',
    level: 'compatible',
    change: 'a field deprecated, with the date it was',
    edit: (d) =>
      Object.assign(body(d).properties.size, { deprecated: true, 'x-deprecated-at': '2026-01-15' }),
  },
  {
    rule: 'extension-changed',
    level: 'compatible',
    change: 'an `x-` extension changed',
    edit: (d) => (op(d)['x-in-flight-limited'] = true),
  },
  {
    rule: 'keyword-changed',
    level: 'breaking',
    change: 'a keyword the diff does not know (`not`)',
    edit: (d) => (body(d).properties.size.not = { const: 13 }),
  },
  {
    rule: 'documentation',
    level: 'documentation',
    change: 'a description changed',
    edit: (d) => (op(d).responses['201'].description = 'The thing, created.'),
  },
  {
    rule: 'request-narrowed',
    level: 'breaking',
    change: 'a change deep inside a recursive schema',
    edit: (d) => (d.components.schemas.Node.properties.name.maxLength = 10),
  },
  {
    rule: 'undeprecated',
    level: 'compatible',
    change: 'a deprecation withdrawn',
    editBefore: (d) => (op(d).deprecated = true),
    edit: (d) => delete op(d).deprecated,
  },
  {
    rule: 'parameter-became-optional',
    level: 'compatible',
    change: 'a required parameter made optional',
    editBefore: (d) => (op(d).parameters[0].required = true),
    edit: (d) => (op(d).parameters[0].required = false),
  },
  {
    rule: 'parameter-serialization-changed',
    level: 'breaking',
    change: "a parameter's `style` changed",
    edit: (d) => (op(d).parameters[0].style = 'pipeDelimited'),
  },
  {
    rule: 'constraint-changed',
    level: 'breaking',
    change: 'a `pattern` replaced by another',
    editBefore: (d) => (d.components.schemas.Name.pattern = '^[a-z]+$'),
    edit: (d) => (d.components.schemas.Name.pattern = '^[A-Z]+$'),
  },
  {
    rule: 'request-body-added-required',
    level: 'breaking',
    change: 'a new required request body',
    editBefore: (d) => delete op(d).requestBody,
    edit: (d) =>
      (op(d).requestBody = {
        required: true,
        content: { 'application/json': { schema: { type: 'object' } } },
      }),
  },
  {
    rule: 'request-body-added',
    level: 'compatible',
    change: 'a new optional request body',
    editBefore: (d) => delete op(d).requestBody,
    edit: (d) => (op(d).requestBody = { content: { 'application/json': { schema: { type: 'object' } } } }),
  },
  {
    rule: 'request-body-removed',
    level: 'breaking',
    change: 'a request body removed',
    edit: (d) => delete op(d).requestBody,
  },
  {
    rule: 'response-header-became-optional',
    level: 'breaking',
    change: 'a response header no longer always sent',
    edit: (d) => (op(d).responses['201'].headers.Location.required = false),
  },
  {
    rule: 'response-media-type-added',
    level: 'breaking',
    change: 'a response that may come in another media type',
    edit: (d) => (op(d).responses['201'].content['text/plain'] = { schema: { type: 'string' } }),
  },
  {
    rule: 'response-media-type-removed',
    level: 'compatible',
    change: 'a media type a response no longer takes',
    editBefore: (d) => (op(d).responses['201'].content['text/plain'] = { schema: { type: 'string' } }),
    edit: (d) => delete op(d).responses['201'].content['text/plain'],
  },
  {
    rule: 'security-relaxed',
    level: 'compatible',
    change: 'another scope accepted besides the old one',
    edit: (d) => op(d).security.push({ bearerAuth: ['read'] }),
  },
];
