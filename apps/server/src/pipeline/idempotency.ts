/**
 * `Idempotency-Key` on the operations whose contract declares it (every POST; see "Idempotent
 * requests" in the contract), after validation, per account. The same key with the same method,
 * path and body answers the stored answer again with `Idempotent-Replayed: true`; with another
 * request `400`. Only answers worth replaying are kept (not a 429, a 5xx, nor one over
 * MAX_STORED_BODY_BYTES). No key is ever left "in progress" by a request that is gone:
 * - an operation that writes (`transactional`: a create) runs in its request's transaction, which
 *   claims the key, takes the handler's writes and commits them with the answer, or rolls all back
 *   (key-transaction.ts). A duplicate meanwhile waits for it in the database, then replays.
 * - an operation that writes nothing (chat, embeddings) may take long, so no transaction stays open
 *   while it runs: the key is held by this process (Store.holdKey; a duplicate meanwhile answers
 *   409 with `Retry-After: 1`), and the answer stored once made; if another request with the key
 *   stored one first, that one is answered instead.
 * The answer is stored in onSend, before any byte is written, so a `dropAnswer` fault (a later
 * onSend hook) drops an answer already kept. Keys are bounded per account: every TRIM_EVERY keys
 * stored by an account in this process, its expired and oldest beyond `maxRecords` are forgotten,
 * never another account's.
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
import type { KeyRecord, KeyRequest, Repositories, Store, StoredAnswer } from '../db/store.js';
import { accountOf } from './auth.js';
import { crashAt, crashMidAnswer } from './crash-points.js';
import { beginKeyTransaction } from './key-transaction.js';

/** The largest answer body kept for a replay (the contract's 256 KiB). */
export const MAX_STORED_BODY_BYTES = 256 * 1024;
const TRIM_EVERY = 64;
/** Accounts whose stores this process counts at most (more only restarts the counts). */
const COUNTED_ACCOUNTS = 10_000;

export interface IdempotencyOptions {
  retentionMs: number;
  /** Keys kept per account. */
  maxRecords: number;
  /** The operations whose work is written in the request's transaction with the key's answer. */
  transactional: ReadonlySet<OperationId>;
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

/** The request's answer to keep, or undefined when it is not one to keep. */
function answerOf(reply: FastifyReply, payload: unknown): StoredAnswer | undefined {
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
function answerRecord(reply: FastifyReply, record: KeyRecord, requestHash: string): string {
  if (record.requestHash !== requestHash)
    throw ApiError.badRequest(IDEMPOTENCY_KEY_ISSUE_PATH, IDEMPOTENCY_KEY_ISSUES.reused);
  reply.code(record.answer.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (record.answer.contentType !== null) reply.header('content-type', record.answer.contentType);
  return record.answer.body;
}

/** The repositories an operation writes through: its request's transaction when it has one. */
export function writeReposOf(request: FastifyRequest, repos: Repositories): Repositories {
  return request.keyTransaction ?? repos;
}

export function registerIdempotency(
  app: FastifyInstance,
  store: Pick<Store, 'repos' | 'holdKey'>,
  validator: ContractValidator,
  options: IdempotencyOptions,
): void {
  const { repos } = store;
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('keyTransaction', null);
  const stored = new Map<number, number>();
  /** After an account stored a key: every TRIM_EVERY, its expired and oldest beyond the cap go. */
  const trim = (request: FastifyRequest, accountId: number) => {
    const count = ((stored.get(accountId) ?? 0) + 1) % TRIM_EVERY;
    if (stored.size >= COUNTED_ACCOUNTS && !stored.has(accountId)) stored.clear();
    stored.set(accountId, count);
    if (count !== 0) return;
    repos.idempotency
      .trim(accountId, Date.now() - options.retentionMs, options.maxRecords)
      .catch((error: unknown) => request.log.warn({ err: error }, 'forgetting old idempotency keys failed'));
  };

  /** A create: its key claimed in its transaction, which the handler then writes through. */
  const inTransaction = async (request: FastifyRequest, reply: FastifyReply, key: KeyRequest) => {
    const begun = await beginKeyTransaction(repos, key, request);
    if (begun.outcome === 'held') throw new ApiError(409, [], 1);
    if (begun.outcome === 'found') return reply.send(answerRecord(reply, begun.record, key.requestHash));
    request.keyTransaction = begun.repos;
    request.idempotencyClaim = {
      finish: async (answer) => {
        request.keyTransaction = null;
        await begun.finish(answer);
        if (answer !== undefined) trim(request, key.accountId);
        return undefined;
      },
    };
  };

  /** A chat or embeddings: its key held by this process while it runs, its answer stored after. */
  const held = async (request: FastifyRequest, reply: FastifyReply, key: KeyRequest) => {
    const { accountId } = key;
    const find = () => repos.idempotency.find(accountId, key.key, key.expiredBefore);
    const first = await find();
    if (first) return reply.send(answerRecord(reply, first, key.requestHash));
    const hold = await store.holdKey(accountId, key.key);
    if (hold === undefined) throw new ApiError(409, [], 1);
    // Answered between the look and the hold: nothing to run.
    const answered = await find().catch(async (error: unknown) => {
      await hold.release();
      throw error;
    });
    if (answered) {
      await hold.release();
      return reply.send(answerRecord(reply, answered, key.requestHash));
    }
    request.idempotencyClaim = {
      finish: async (answer) => {
        try {
          if (answer === undefined) return undefined;
          const first = await repos.idempotency.store(key, answer);
          if (first === undefined) trim(request, accountId);
          return first;
        } finally {
          await hold.release();
        }
      },
    };
  };

  const claimKey: preHandlerAsyncHookHandler = async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    const key = keyOf(header, validator);
    if ((request.body as { stream?: unknown } | undefined)?.stream === true) {
      throw ApiError.badRequest(IDEMPOTENCY_KEY_ISSUE_PATH, IDEMPOTENCY_KEY_ISSUES.streamed);
    }
    const now = Date.now();
    const keyRequest: KeyRequest = {
      accountId: accountOf(request),
      key,
      requestHash: requestHashOf(request),
      now,
      expiredBefore: now - options.retentionMs,
    };
    const operationId = request.routeOptions.config.operationId as OperationId;
    return options.transactional.has(operationId)
      ? inTransaction(request, reply, keyRequest)
      : held(request, reply, keyRequest);
  };

  // Runs for every answer of a claimed request, errors included (the error handler sends through
  // onSend too), before any byte is written: an answer is stored before it can be lost.
  const storeAnswer: onSendHookHandler = (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (claim === null) return done(null, payload);
    request.idempotencyClaim = null;
    const answer = answerOf(reply, payload);
    claim.finish(answer).then(
      async (first) => {
        if (first === undefined) {
          if (globalThis.__ASSISTANT_CRASH_POINTS__ && answer !== undefined) {
            await crashAt(request, 'after-commit');
            await crashMidAnswer(request, reply, payload);
          }
          return done(null, payload);
        }
        // Another request with the key stored its answer first: this one answers that.
        try {
          done(null, answerRecord(reply, first, requestHashOf(request)));
        } catch (error) {
          done(error as FastifyError);
        }
      },
      (error: unknown) => done(error as FastifyError),
    );
  };

  // A request that ends without reaching onSend (none should) still ends its transaction or hold.
  const letGo = async (request: FastifyRequest) => {
    const claim = request.idempotencyClaim;
    if (claim === null) return;
    request.idempotencyClaim = null;
    await claim.finish(undefined).catch(() => undefined);
  };

  // Only the routes of operations that take a key carry the hooks.
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: OperationId } | undefined)?.operationId;
    if (!operationId || !OPERATIONS[operationId].idempotencyKey) return;
    const listOf = <T>(hooks: T | T[] | undefined): T[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
    route.preHandler = [...listOf(route.preHandler), claimKey];
    route.onSend = [storeAnswer, ...listOf(route.onSend)];
    route.onResponse = [...listOf(route.onResponse), letGo];
  });
}
