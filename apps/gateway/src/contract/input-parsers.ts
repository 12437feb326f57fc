/**
 * tRPC input parsers from the contract runtime the reference server validates with, so a bad input
 * gets the same `errors` here as the platform would answer (same checks, same wording). A tRPC input
 * may be any `(input: unknown) => T` that throws; these throw the contract's
 * ContractValidationError. A procedure's input is one object: the operation's path parameters
 * (under the procedure's names, ids as numbers or numeric text) beside its body's properties, and
 * every issue is a JSON Pointer into that object.
 */
import {
  type ChatRequestBody,
  ContractValidationError,
  type CreateAgentBody,
  type EmbeddingsBody,
  OPERATIONS,
  type OperationId,
  type TranscriptContent,
  type ValidationIssue,
} from '@assistant-platform/types';
import { ContractValidator, operationValidation } from '@assistant-platform/types/validation';

export type CreateAgentInput = CreateAgentBody;
/** An agent's numeric `id` (as `agents.create` returned it) or its `agentReferenceId`. */
export type GetAgentInput = { id: number | string };
/** A chat request; whether it streams is chosen by the procedure (`chat.request` or `chat.stream`). */
export type ChatInput = Omit<ChatRequestBody, 'stream'>;
export type UpdateTranscriptionInput = {
  workspaceId: number;
  transcriptionId: number;
  transcript: TranscriptContent;
};
export type CreateEmbeddingsInput = EmbeddingsBody;

export type InputParser<T> = (input: unknown) => T;

interface InputShape {
  /** Input property → path parameter, e.g. `{ workspaceId: 'id' }`. */
  params?: Record<string, string>;
  /** Body properties the procedure decides itself, refused as input. */
  decided?: readonly string[];
}

const validator = new ContractValidator();

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function inputParser<T>(operationId: OperationId, shape: InputShape = {}): InputParser<T> {
  const validation = operationValidation(validator, operationId);
  const params = Object.entries(shape.params ?? {});
  const nameOf = new Map(params.map(([input, param]) => [`path.${param}`, `/${input}`]));
  return (input) => {
    if (!isRecord(input)) throw ContractValidationError.at('', 'must be object');
    const issues: ValidationIssue[] = [];
    const texts: Record<string, string> = {};
    const body: Record<string, unknown> = { ...input };
    for (const [name, param] of params) {
      const value = input[name];
      delete body[name];
      if (typeof value === 'number' || typeof value === 'string') texts[param] = String(value);
      else
        issues.push({
          path: `/${name}`,
          message: value === undefined ? 'is required' : 'must be number or string',
        });
    }
    for (const name of shape.decided ?? []) {
      if (name in body) issues.push({ path: `/${name}`, message: 'is not allowed' });
    }
    const parsedParams = params.length === 0 ? { value: {}, issues: [] } : validation.params(texts);
    // A parameter this parser already refused (missing, not text) is not reported twice.
    const refused = new Set(issues.map((issue) => issue.path));
    for (const issue of parsedParams.issues) {
      const path = nameOf.get(issue.path) ?? issue.path;
      if (!refused.has(path)) issues.push({ ...issue, path });
    }
    if (OPERATIONS[operationId].jsonBody) issues.push(...validation.body(body).issues);
    else for (const name of Object.keys(body)) issues.push({ path: `/${name}`, message: 'is not allowed' });
    if (issues.length > 0) throw new ContractValidationError(issues);
    const values = Object.fromEntries(
      params.map(([name, param]) => [name, (parsedParams.value as Record<string, unknown>)[param]]),
    );
    return { ...(input as object), ...values } as T;
  };
}

/** The procedures' input parsers, compiled once from the contract. */
export const inputs = {
  createAgent: inputParser<CreateAgentInput>('createAgent'),
  getAgent: inputParser<GetAgentInput>('getAgent', { params: { id: 'id' } }),
  chat: inputParser<ChatInput>('chatRequest', { decided: ['stream'] }),
  updateTranscription: inputParser<UpdateTranscriptionInput>('updateTranscription', {
    params: { workspaceId: 'id', transcriptionId: 'transcriptionId' },
  }),
  createEmbeddings: inputParser<CreateEmbeddingsInput>('createEmbeddings'),
};
