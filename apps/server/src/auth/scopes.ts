import type { OperationId } from '@assistant-platform/types';

export const SCOPES = [
  'agents:read',
  'agents:write',
  'agents:chat',
  'transcriptions:write',
  'embeddings:create',
  '*',
] as const;

export type Scope = (typeof SCOPES)[number];

/** The scope each operation of the contract requires. */
export const OPERATION_SCOPES: Record<OperationId, Scope> = {
  getAgent: 'agents:read',
  createAgent: 'agents:write',
  chatRequest: 'agents:chat',
  updateTranscription: 'transcriptions:write',
  createEmbeddings: 'embeddings:create',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function grants(scopes: readonly string[], required: Scope): boolean {
  return scopes.includes('*') || scopes.includes(required);
}
