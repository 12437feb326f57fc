/**
 * tRPC input parsers compiled from the contract's schemas with Ajv. A tRPC input may be any
 * `(input: unknown) => T` that throws; these throw a ContractValidationError listing every bad field.
 * Types come from `@assistant-platform/types`, the runtime checks from the same YAML.
 */
import type {
  ChatRequestBody,
  CreateAgentBody,
  EmbeddingsBody,
  operations,
  UpdateTranscriptionBody,
} from '@assistant-platform/types';
import type { OpenApiDocument } from '@assistant-platform/types/openapi-document';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { operationInputSchema } from './input-schemas.js';
import { ContractValidationError, toValidationIssues } from './validation-error.js';

export type CreateAgentInput = CreateAgentBody;
export type GetAgentInput = operations['getAgent']['parameters']['path'];
/** A chat request; whether it streams is chosen by the procedure (`chat.request` or `chat.stream`). */
export type ChatInput = Omit<ChatRequestBody, 'stream'>;
type TranscriptionPath = operations['updateTranscription']['parameters']['path'];
export type UpdateTranscriptionInput = {
  workspaceId: TranscriptionPath['id'];
  transcriptionId: TranscriptionPath['transcriptionId'];
} & UpdateTranscriptionBody;
export type CreateEmbeddingsInput = EmbeddingsBody;

export type InputParser<T> = (input: unknown) => T;

export interface InputParsers {
  createAgent: InputParser<CreateAgentInput>;
  getAgent: InputParser<GetAgentInput>;
  chat: InputParser<ChatInput>;
  updateTranscription: InputParser<UpdateTranscriptionInput>;
  createEmbeddings: InputParser<CreateEmbeddingsInput>;
}

export function createInputParsers(document: OpenApiDocument): InputParsers {
  // `strict: false` because OpenAPI adds keywords JSON Schema does not know (`discriminator`) and
  // the derived schemas carry the contract's `components` beside their keywords.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);

  function compile<T>(schema: Record<string, unknown>): InputParser<T> {
    const validate = ajv.compile(schema);
    return (input) => {
      if (validate(input)) return input as T;
      throw new ContractValidationError(toValidationIssues(validate.errors ?? []));
    };
  }

  return {
    createAgent: compile(operationInputSchema(document, 'post', '/agents/create')),
    getAgent: compile(operationInputSchema(document, 'get', '/agents/view/{id}')),
    chat: compile(
      operationInputSchema(document, 'post', '/agents/chat/request', {
        omitBodyProperties: ['stream'],
      }),
    ),
    updateTranscription: compile(
      operationInputSchema(document, 'patch', '/transcribe/workspace/{id}/transcriptions/{transcriptionId}', {
        renameParams: { id: 'workspaceId' },
      }),
    ),
    createEmbeddings: compile(operationInputSchema(document, 'post', '/vectors/embedding')),
  };
}
