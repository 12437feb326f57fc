/**
 * What crosses the thread boundary between the server and an engine worker. Errors are sent as
 * data: a thrown EngineError would arrive as a plain Error, without its status and issues.
 */
import type { ValidationIssue } from '@assistant-platform/types';
import type { AnswerShape, PlannedAnswer } from '../reference-chat/answer.js';
import type { ChatEngineRequest, EmbeddingRequest, EngineError } from '../types.js';

export type EngineTask =
  | { kind: 'chat'; request: ChatEngineRequest; shape: AnswerShape }
  | { kind: 'embed'; request: EmbeddingRequest }
  /** The same vectors as their JSON text (EmbeddingEngine.embedJson). */
  | { kind: 'embed-json'; request: EmbeddingRequest };

/**
 * A task as sent, with its id: the worker posts `{ engineTaskStarted: id }` to the pool when it
 * starts it (piscina passes a worker's own messages on as the pool's 'message' events), and the
 * task's budget begins then.
 */
export type SentEngineTask = EngineTask & { id: number };

export interface EngineTaskStarted {
  engineTaskStarted: number;
}

export type { PlannedAnswer };

export type EngineTaskResult<T> = (
  | { ok: true; value: T }
  | { ok: false; status: EngineError['status']; message: string; issues?: ValidationIssue[] }
) & {
  /**
   * When the worker started the task, in milliseconds since the epoch at its clock's resolution
   * (`performance.timeOrigin + performance.now()`: each thread's `now()` counts from its own origin).
   */
  startedAtMs: number;
};
