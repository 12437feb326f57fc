/**
 * `Idempotency-Key` on the operations whose contract declares it (every POST; see "Idempotent
 * requests" in the contract). After validation, a request with a key claims it in the database
 * (IdempotencyRepo in db/store.ts), per account: the first request runs and, once the operation has
 * produced its answer, that answer is stored; the same key with the same method, path and body
 * answers it again with `Idempotent-Replayed: true`; with another request `400`; while the first is
 * still running `409` with `Retry-After: 1`. A request that produced nothing worth keeping (a 429, a
 * 5xx, an answer over MAX_STORED_BODY_BYTES, a client gone before its answer) frees its key.
 *
 * Validation failures never reach this stage, so a malformed request never takes a key. The claim
 * lives in the database, not in this process, so servers sharing one database honour each other's
 * keys. Old keys are forgotten in batches, every TRIM_EVERY claims, so no request pays for a sweep
 * of the whole table and the table holds at most `maxRecords` + TRIM_EVERY rows per server.
 */
import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_ISSUE_PATH,
  IDEMPOTENCY_KEY_ISSUES,
  IDEMPOTENT_REPLAYED_HEADER,
  OPERATIONS,
  type OperationId,
} from '@assistant-platform/types';
import type { ContractValidator } from '@assistant-platform/types/validation';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ApiError } from '../contract/api-error.js';
import type { IdempotencyRepo } from '../db/store.js';
import { accountOf } from './auth.js';

/** The largest answer body kept for a replay (the contract's 256 KiB). */
export const MAX_STORED_BODY_BYTES = 256 * 1024;
/** A claim still in flight this long is abandoned: its server stopped (the contract's 5 minutes). */
export const ABANDONED_CLAIM_MS = 5 * 60_000;
const TRIM_EVERY = 64;

export interface IdempotencyOptions {
  retentionMs: number;
  maxRecords: number;
}

/** One key's request: what distinguishes it from another request with the same key. */
function requestHashOf(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] as string;
  return createHash('sha256')
    .update(`${request.method} ${path}\n${request.bodyHash ?? ''}`)
    .digest('hex');
}

/** The key, checked against the contract's `IdempotencyKey` schema; a bad one answers 400. */
function keyOf(header: string | string[], validator: ContractValidator): string {
  // Node joins a repeated header it does not know with ", ": the space makes that key invalid.
  const key = Array.isArray(header) ? header.join(', ') : header;
  const { issues } = validator.check('IdempotencyKey', key);
  if (issues.length > 0) {
    throw new ApiError(
      400,
      issues.map(({ message }) => ({ path: IDEMPOTENCY_KEY_ISSUE_PATH, message })),
    );
  }
  return key;
}

/** Whether an answer is the operation's own result, worth replaying (a 429 or 5xx did nothing). */
const keepable = (status: number) => status < 500 && status !== 429;

function replay(reply: FastifyReply, answer: { status: number; contentType: string | null; body: string }) {
  reply.code(answer.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.contentType !== null) reply.header('content-type', answer.contentType);
  return reply.send(answer.body);
}

export function registerIdempotency(
  app: FastifyInstance,
  records: IdempotencyRepo,
  validator: ContractValidator,
  options: IdempotencyOptions,
): void {
  app.decorateRequest('idempotencyClaim', null);
  let claims = 0;
  const trim = async (now: number) => {
    claims = (claims + 1) % TRIM_EVERY;
    if (claims === 0) await records.trim(now - options.retentionMs, options.maxRecords);
  };

  const claimKey: preHandlerAsyncHookHandler = async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    const key = keyOf(header, validator);
    if ((request.body as { stream?: unknown } | undefined)?.stream === true) {
      throw ApiError.badRequest(IDEMPOTENCY_KEY_ISSUE_PATH, IDEMPOTENCY_KEY_ISSUES.streamed);
    }
    const now = Date.now();
    const claimed = await records.claim({
      accountId: accountOf(request),
      key,
      requestHash: requestHashOf(request),
      now,
      expiredBefore: now - options.retentionMs,
      abandonedBefore: now - ABANDONED_CLAIM_MS,
    });
    switch (claimed.outcome) {
      case 'reused':
        throw ApiError.badRequest(IDEMPOTENCY_KEY_ISSUE_PATH, IDEMPOTENCY_KEY_ISSUES.reused);
      case 'in-flight':
        throw new ApiError(409, [], 1);
      case 'replay':
        return replay(reply, claimed.answer);
      case 'claimed': {
        await trim(now);
        const claim = claimed.claim;
        request.idempotencyClaim = claim;
        // An answer never sent (the client left while the operation ran) frees the key.
        reply.raw.once('close', () => {
          if (request.idempotencyClaim === claim) {
            request.idempotencyClaim = null;
            records
              .release(claim)
              .catch((error: unknown) =>
                request.log.error({ err: error }, 'freeing an idempotency key failed'),
              );
          }
        });
      }
    }
  };

  // Runs for every answer of a claimed request, errors included (the error handler sends through
  // onSend too), before any byte is written: an answer is stored before it can be lost.
  const storeAnswer: onSendHookHandler = (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (claim === null) return done(null, payload);
    request.idempotencyClaim = null;
    const body = typeof payload === 'string' || payload instanceof Uint8Array ? payload : undefined;
    const contentType = reply.getHeader('content-type');
    const stored =
      body !== undefined && keepable(reply.statusCode) && Buffer.byteLength(body) <= MAX_STORED_BODY_BYTES
        ? records.complete(claim, {
            status: reply.statusCode,
            contentType: typeof contentType === 'string' ? contentType : null,
            body: typeof body === 'string' ? body : Buffer.from(body).toString('utf8'),
          })
        : records.release(claim);
    stored.then(
      () => done(null, payload),
      (error: unknown) => done(error as FastifyError),
    );
  };

  // Only the routes of operations that take a key carry the hooks.
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: OperationId } | undefined)?.operationId;
    if (!operationId || !OPERATIONS[operationId].idempotencyKey) return;
    const listOf = <T>(hooks: T | T[] | undefined): T[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
    route.preHandler = [...listOf(route.preHandler), claimKey];
    route.onSend = [storeAnswer, ...listOf(route.onSend)];
  });
}
