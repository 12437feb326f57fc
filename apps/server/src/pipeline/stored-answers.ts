/**
 * What an `Idempotency-Key` keeps of an answer, and how a kept one is answered again (see
 * "Idempotent requests" in the contract): only answers the operation produced are kept (not a 429
 * nor a 5xx, which did nothing), up to MAX_STORED_BODY_BYTES; a replay is the kept status, body and
 * `content-type`, marked `Idempotent-Replayed: true`, unless the key came with another request: 400.
 */
import {
  IDEMPOTENCY_KEY_ISSUE_PATH,
  IDEMPOTENCY_KEY_ISSUES,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@assistant-platform/types';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../contract/api-error.js';
import type { KeyRecord, StoredAnswer } from '../db/store.js';

/** The largest answer body kept for a replay (the contract's 256 KiB). */
export const MAX_STORED_BODY_BYTES = 256 * 1024;

/** Whether an answer is the operation's own result, worth replaying (a 429 or 5xx did nothing). */
const keepable = (status: number) => status < 500 && status !== 429;

/** The request's answer to keep, or undefined when it is not one to keep. */
export function answerOf(reply: FastifyReply, payload: unknown): StoredAnswer | undefined {
  const body = typeof payload === 'string' || payload instanceof Uint8Array ? payload : undefined;
  if (body === undefined || !keepable(reply.statusCode) || Buffer.byteLength(body) > MAX_STORED_BODY_BYTES)
    return undefined;
  const contentType = reply.getHeader('content-type');
  return {
    status: reply.statusCode,
    contentType: typeof contentType === 'string' ? contentType : null,
    body: typeof body === 'string' ? body : Buffer.from(body).toString('utf8'),
  };
}

/** The key's record as this request's answer: a replay, or 400 when it was another request. */
export function answerRecord(reply: FastifyReply, record: KeyRecord, requestHash: string): string {
  if (record.requestHash !== requestHash)
    throw ApiError.badRequest(IDEMPOTENCY_KEY_ISSUE_PATH, IDEMPOTENCY_KEY_ISSUES.reused);
  reply.code(record.answer.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (record.answer.contentType !== null) reply.header('content-type', record.answer.contentType);
  return record.answer.body;
}
