/**
 * What crosses the thread boundary between the server and an engine worker. Errors are sent as
 * data: a thrown EngineError would arrive as a plain Error, without its status and issues.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ValidationIssue } from '@assistant-platform/types';
import type { PlannedAnswer } from '../reference-chat/answer.js';
import type { ChatEngineRequest, EmbeddingRequest } from '../types.js';

export type EngineTask =
  | { kind: 'chat'; request: ChatEngineRequest }
  | { kind: 'embed'; request: EmbeddingRequest };

/** A task as sent: with the port on which the worker says it started, when its budget begins. */
export type SentEngineTask = EngineTask & { started: MessagePort };

export type { PlannedAnswer };

export type EngineTaskResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 429 | 500; message: string; issues?: ValidationIssue[] };
