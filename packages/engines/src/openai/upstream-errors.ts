/**
 * Turns upstream failures into the errors our API answers with. The client learns what it can act
 * on (which kind of rejection, when to retry); everything about the upstream itself (status, body,
 * its wording, network cause) goes only to the log.
 */
import { retryAfterMs } from '@assistant-platform/types';
import { EngineError, type EngineLogger } from '../types.js';
import { judgeUpstreamFailure } from './upstream-verdict.js';
import type { UpstreamWatchdog } from './upstream-watchdog.js';

export interface UpstreamContext {
  /** Which adapter is calling, for log lines. */
  kind: 'chat' | 'embeddings';
  /** Whether the request sent carries images: only then can the upstream blame them on the client. */
  images: boolean;
  url: string;
  requestId: string;
  logger: EngineLogger;
}

/** When the upstream rate limits us without saying for how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 1;
const MAX_REASON_LENGTH = 1000;
/**
 * Statuses that say the server is misconfigured, not that the request is wrong: a bad key
 * (401/403), a wrong URL or a model the upstream does not have (404), an endpoint it does not
 * offer (405/501). The client cannot fix any of them, so they are our 500.
 */
const OPERATOR_MISTAKES = new Set([401, 403, 404, 405, 501]);

/** The human reason in an error body: OpenAI, vLLM/SGLang, Ollama and FastAPI shapes. */
export function upstreamReason(body: string): string | undefined {
  const parsed = parseJson(body);
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  const error = record.error;
  const candidates = [
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>).message : undefined,
    error,
    record.message,
    record.detail,
  ];
  const reason = candidates.find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return reason?.trim().slice(0, MAX_REASON_LENGTH);
}

/** Maps a non-2xx upstream response; reads (and so releases) its body. */
export async function httpFailure(response: Response, context: UpstreamContext): Promise<EngineError> {
  const body = await response.text().catch(() => '');
  const status = response.status;
  const log = { requestId: context.requestId, upstream: context.url, status, reason: upstreamReason(body) };
  if (status === 429) {
    context.logger.warn(log, `${context.kind} upstream is rate limiting`);
    const waitMs = retryAfterMs(response.headers.get('retry-after'));
    const retryAfterSeconds = waitMs === undefined ? DEFAULT_RETRY_AFTER_SECONDS : Math.ceil(waitMs / 1000);
    return new EngineError(429, 'The model server is rate limiting requests', { retryAfterSeconds });
  }
  const text = body.slice(0, MAX_REASON_LENGTH);
  if (OPERATOR_MISTAKES.has(status)) return upstreamFailed(context, { ...log, body: text }, `HTTP ${status}`);
  return judged(context, status, text, log);
}

/**
 * An error the upstream reported in a 200 stream before any answer text (an `error` event or
 * object): judged like an error body, with the status its `code` names (a 5xx when it names none).
 */
export function reportedFailure(data: string, context: UpstreamContext): EngineError {
  const text = data.slice(0, MAX_REASON_LENGTH);
  const code = Number((parseJson(data) as { error?: { code?: unknown } } | undefined)?.error?.code);
  const status = Number.isInteger(code) && code >= 400 && code < 600 ? code : 500;
  return judged(context, status, text, {
    requestId: context.requestId,
    upstream: context.url,
    status,
    reason: upstreamReason(data),
    inStream: true,
  });
}

function judged(context: UpstreamContext, status: number, text: string, log: object): EngineError {
  const verdict = judgeUpstreamFailure(context, status, text);
  if (verdict.blame === 'upstream') return upstreamFailed(context, { ...log, body: text }, verdict.cause);
  context.logger.warn({ ...log, body: text }, `${context.kind} upstream rejected the request`);
  return new EngineError(400, 'The model server rejected the request', { issues: [verdict.issue] });
}

function upstreamFailed(context: UpstreamContext, log: object, cause: string): EngineError {
  context.logger.error(log, `${context.kind} upstream failed`);
  return new EngineError(500, 'The model server failed', { cause: new Error(`upstream: ${cause}`) });
}

/** Maps a thrown network/abort/parse error of an upstream call. */
export function transportFailure(
  error: unknown,
  watchdog: UpstreamWatchdog,
  context: UpstreamContext,
): EngineError {
  if (error instanceof EngineError) return error;
  const log = { requestId: context.requestId, upstream: context.url, err: error, cause: causeOf(error) };
  if (watchdog.callerAborted) {
    context.logger.info(log, `${context.kind} request cancelled by the caller`);
    return new EngineError(500, 'The request was cancelled', { cancelled: true, cause: error });
  }
  if (watchdog.timedOut) {
    context.logger.error(log, `${context.kind} upstream timed out`);
    return new EngineError(500, 'The model server did not answer in time', { cause: error });
  }
  context.logger.error(log, `${context.kind} upstream unreachable or broken`);
  return new EngineError(500, 'The model server could not be reached', { cause: error });
}

/** An answer we cannot read (bad JSON, bad SSE, wrong shape, an error event mid-stream). */
export function malformedAnswer(detail: string, context: UpstreamContext): EngineError {
  context.logger.error(
    { requestId: context.requestId, upstream: context.url, detail },
    `${context.kind} upstream answer unreadable`,
  );
  return new EngineError(500, 'The model server sent an answer that could not be read', {
    cause: new Error(detail),
  });
}

/** undici wraps the useful part (ECONNREFUSED, ENOTFOUND…) in `cause`. */
function causeOf(error: unknown): string | undefined {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return typeof cause?.message === 'string' ? cause.message : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
