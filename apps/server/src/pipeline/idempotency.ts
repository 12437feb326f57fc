/**
 * `Idempotency-Key` on the operations whose contract declares it (every POST; see "Idempotent
 * requests" in the contract), after validation, per account: the key checked against the
 * contract, the request hashed (method, path, canonical body), then claimed, in the request's
 * transaction for an operation that writes (`transactional`: a create), held by this process for one
 * that writes nothing (key-claims.ts): no key is ever left "in progress" by a request that is gone.
 * What is kept and how it is replayed: stored-answers.ts. The answer is stored in onSend, before any byte is written, so a `dropAnswer` fault (a later
 * onSend hook) drops an answer already kept. Keys are bounded per account: every TRIM_EVERY keys
 * stored by an account in this process, its expired and oldest beyond `maxRecords` are forgotten,
 * never another account's.
 */
import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_ISSUE_PATH,
  IDEMPOTENCY_KEY_ISSUES,
  OPERATIONS,
  type OperationId,
} from '@assistant-platform/types';
import type { ContractValidator } from '@assistant-platform/types/validation';
import type {
  FastifyError,
  FastifyInstance,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../contract/api-error.js';
import type { KeyRecord, KeyRequest, Repositories, Store, StoredAnswer } from '../db/store.js';
import { accountOf } from './auth.js';
import { crashAt, crashMidAnswer } from './crash-points.js';
import { claimHeld, claimInTransaction } from './key-claims.js';
import { answerOf, answerRecord } from './stored-answers.js';

const TRIM_EVERY = 64;
/** Accounts whose stores this process counts at most (more only restarts the counts). */
const COUNTED_ACCOUNTS = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The `Idempotency-Key` this request claimed (see pipeline/idempotency.ts), until `finish` stores
     * its answer (or nothing) and lets the key go; `finish` answers the record another request with
     * the key stored first, if one did.
     */
    idempotencyClaim: { finish(answer: StoredAnswer | undefined): Promise<KeyRecord | undefined> } | null;
    /** The transaction a keyed write runs in (its work and its key's answer), while it runs; else null. */
    keyTransaction: Repositories | null;
  }
}

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

/** The repositories an operation writes through: its request's transaction when it has one. */
export function writeReposOf(request: FastifyRequest, repos: Repositories): Repositories {
  return request.keyTransaction ?? repos;
}

export interface IdempotencyPluginOptions {
  store: Pick<Store, 'repos' | 'holdKey'>;
  validator: ContractValidator;
  options: IdempotencyOptions;
}

async function idempotency(app: FastifyInstance, { store, validator, options }: IdempotencyPluginOptions) {
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('keyTransaction', null);
  const stored = new Map<number, number>();
  /** After an account stored a key: every TRIM_EVERY, its expired and oldest beyond the cap go. */
  const trim = (request: FastifyRequest, accountId: number) => {
    const count = ((stored.get(accountId) ?? 0) + 1) % TRIM_EVERY;
    if (stored.size >= COUNTED_ACCOUNTS && !stored.has(accountId)) stored.clear();
    stored.set(accountId, count);
    if (count !== 0) return;
    store.repos.idempotency
      .trim(accountId, Date.now() - options.retentionMs, options.maxRecords)
      .catch((error: unknown) => request.log.warn({ err: error }, 'forgetting old idempotency keys failed'));
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
      ? claimInTransaction(request, reply, store.repos, keyRequest, trim)
      : claimHeld(request, reply, store, keyRequest, trim);
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

/** After authentication (keys are per account) and the body parser (which hashes a keyed body). */
export const idempotencyPlugin = fp(idempotency, {
  name: 'idempotency',
  fastify: '5.x',
  decorators: { request: ['auth', 'bodyHash'] },
});
