/**
 * Rows as both schemas read and write them (the same columns under the same names), and the API
 * records made from them: one place decides what a new agent's row holds (its reference id in
 * lower case, its timestamps) and how a row reads back, so the two stores cannot drift.
 */
import { randomUUID } from 'node:crypto';
import type {
  Agent,
  Tool,
  TranscriptContent,
  Transcription,
  TranscriptionStatus,
} from '@assistant-platform/types';
import type { AgentExtra, KeyRecord, NewAgent } from './store.js';
import { nowIso } from './time.js';

export interface AgentRow {
  id: number;
  agentReferenceId: string;
  accountId: number;
  name: string;
  description: string;
  instruction: string;
  status: string;
  intents: string[];
  knowledgeBaseId: number | null;
  tools: unknown[];
  createdAt: string;
  updatedAt: string;
}

export interface TranscriptionRow {
  id: number;
  workspaceId: number;
  fileName: string;
  fileUrl: string;
  fileType: string;
  duration: number;
  status: string;
  transcript: TranscriptContent;
  createdAt: string;
  updatedAt: string;
}

export function agentOf(row: AgentRow): Agent {
  return {
    id: row.id,
    agentReferenceId: row.agentReferenceId,
    name: row.name,
    description: row.description,
    instruction: row.instruction,
    status: 'ACTIVE',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    intents: row.intents,
    knowledgeBaseId: row.knowledgeBaseId,
    tools: row.tools as Tool[],
  };
}

/** The row a new agent is stored as; `id` is null when the database is to number it. */
export function newAgentRow(
  accountId: number,
  input: NewAgent,
  extra: AgentExtra = {},
): Omit<AgentRow, 'id'> & { id: number | null } {
  const createdAt = extra.createdAt ?? nowIso();
  return {
    id: extra.id ?? null,
    agentReferenceId: (extra.agentReferenceId ?? randomUUID()).toLowerCase(),
    accountId,
    name: input.name,
    description: input.description,
    instruction: input.instruction,
    status: 'ACTIVE',
    intents: input.intents,
    knowledgeBaseId: input.knowledgeBaseId ?? null,
    tools: input.tools,
    createdAt,
    updatedAt: extra.updatedAt ?? createdAt,
  };
}

export function transcriptionOf(row: TranscriptionRow): Transcription {
  return {
    id: row.id,
    fileName: row.fileName,
    fileUrl: row.fileUrl,
    fileType: row.fileType,
    duration: row.duration,
    transcript: row.transcript,
    status: row.status as TranscriptionStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** An `idempotency_records` row, as either dialect reads it. */
export interface KeyRow {
  requestHash: string;
  createdAt: number;
  status: number | null;
  contentType: string | null;
  body: string | null;
}

/** The row's record when it is live: answered (a row without an answer counts as absent) and within its retention. */
export function keyRecordOf(row: KeyRow | undefined, expiredBefore: number): KeyRecord | undefined {
  if (row === undefined || row.status === null || row.createdAt <= expiredBefore) return undefined;
  return {
    requestHash: row.requestHash,
    answer: { status: row.status, contentType: row.contentType, body: row.body ?? '' },
  };
}
