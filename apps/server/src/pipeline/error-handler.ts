import { EngineError } from '@assistant-platform/engines/types';
import { ContractValidationError, errorEnvelope, type ValidationIssue } from '@assistant-platform/types';
import type { adminComponents } from '@assistant-platform/types/admin';
import { toIssues } from '@assistant-platform/types/validation';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AnswerStatus,
  ApiError,
  envelopeOf,
  FeatureOffError,
  ReplayMissError,
} from '../contract/api-error.js';
import { StorageUnavailableError } from '../db/storage-error.js';
import { ConnectionReset } from './faults/fault-hook.js';
import { allowedMethods } from './method-not-allowed.js';

/** The admin contract's 501 envelopes: a replay miss, a feature the server runs without. */
type NotImplementedEnvelope = adminComponents['schemas']['ReplayMissError' | 'FeatureOffError'];

interface Mapped {
  status: AnswerStatus;
  issues?: ValidationIssue[];
  retryAfterSeconds?: number;
  /** A 429 with the busy message rather than the rate limit's. */
  busy?: boolean;
}

// Fastify's own client errors, each turned into a 400 naming what was wrong.
const FASTIFY_CLIENT_ERRORS: Record<string, ValidationIssue> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { path: '', message: 'the request body is larger than 10 MiB' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { path: 'header.content-type', message: 'must be application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { path: 'header.content-length', message: 'does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { path: '', message: 'the JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { path: '', message: 'the body is not valid JSON' },
  // A QUERY request must say what its body is (RFC 10008): the proxy forwards none without.
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: { path: 'header.content-type', message: 'is required with a body' },
};

/** What a 503 of a storage fault asks a client to wait: a second, as a 503 of Redis's does. */
const STORAGE_RETRY_AFTER_S = 1;

function mapError(error: FastifyError | Error): Mapped {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      issues: error.issues,
      busy: error.busy,
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  if (error instanceof ContractValidationError) return { status: 400, issues: error.issues };
  // The database cannot serve it now (down, full, failing): nothing was the client's doing, and a
  // retry may succeed (on another instance, or once it is back).
  if (error instanceof StorageUnavailableError)
    return { status: 503, retryAfterSeconds: STORAGE_RETRY_AFTER_S };
  if (error instanceof EngineError) {
    if (error.status === 400)
      return { status: 400, issues: error.details.issues ?? [{ path: '', message: error.message }] };
    if (error.status === 429)
      return {
        status: 429,
        retryAfterSeconds: error.details.retryAfterSeconds ?? 1,
        busy: error.details.busy === true,
      };
    // The work's deadline passed while the server was busy: its load, not the request, is why.
    if (error.status === 503) return { status: 503, retryAfterSeconds: error.details.retryAfterSeconds ?? 1 };
    return { status: 500 };
  }
  const fastifyError = error as FastifyError & { validation?: ErrorObject[]; validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    const context = (fastifyError.validationContext ?? 'body') as
      | 'body'
      | 'params'
      | 'querystring'
      | 'headers';
    return { status: 400, issues: toIssues(fastifyError.validation, context) };
  }
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return { status: 400, issues: [known] };
  const status = fastifyError.statusCode;
  if (status === 429) return { status: 429 };
  if (status !== undefined && status >= 400 && status < 500) {
    // e.g. a `__proto__` key (secure-json-parse) or a malformed body: never echo Fastify's text.
    const message = /prototype|constructor/i.test(error.message)
      ? 'must not contain __proto__ or constructor.prototype keys'
      : 'the request is malformed';
    return { status: 400, issues: [{ path: '', message }] };
  }
  return { status: 500 };
}

/**
 * Whether `error` is the cancelling of a request's work because its client closed the connection
 * before the answer: a `Prefer: delay` or the proxy's wait for its target (an `AbortError`), an
 * engine's task or upstream call (an EngineError saying so). Each aborts on the disconnect. No one
 * is left to answer, and nothing failed: a line at error level would send an operator looking for
 * a fault that is not there.
 */
function cancelledByClient(error: Error, reply: FastifyReply): boolean {
  const cancellation =
    error.name === 'AbortError' || (error instanceof EngineError && error.details.cancelled === true);
  return cancellation && reply.raw.destroyed && !reply.raw.writableEnded;
}

/** One handler for every failure: the client sees only the contract's envelopes. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (cancelledByClient(error, reply)) {
    // The journal's entry says `client-closed` (journal-slot.ts) and no status.
    request.log.info('the client closed its connection before its answer; its work was cancelled');
    reply.hijack();
    return;
  }
  if (error instanceof ConnectionReset) {
    // A `reset` fault: no answer at all, the connection just closes.
    reply.hijack();
    request.raw.socket.destroy();
    return;
  }
  if (error instanceof ReplayMissError || error instanceof FeatureOffError) {
    const envelope: NotImplementedEnvelope = {
      success: false,
      message: error.message as NotImplementedEnvelope['message'],
    };
    return reply.code(error.status).type('application/json; charset=utf-8').send(envelope);
  }
  const mapped = mapError(error);
  if (mapped.status === 500) request.log.error({ err: error }, 'request failed');
  else if (error instanceof StorageUnavailableError)
    request.log.warn({ err: error.cause, fault: error.fault.kind }, 'database unavailable: answered 503');
  if (mapped.retryAfterSeconds !== undefined) reply.header('retry-after', String(mapped.retryAfterSeconds));
  // RFC 9110: a 401 names the scheme that would work.
  if (mapped.status === 401) reply.header('www-authenticate', 'Bearer');
  return reply
    .code(mapped.status)
    .type('application/json; charset=utf-8')
    .send(envelopeOf(mapped.status, mapped.issues, mapped.busy));
}

/** The error handler and the not-found handler of the whole app. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => {
    const allowed = allowedMethods(request.method, request.url);
    if (allowed === undefined) return reply.code(404).send(errorEnvelope(404));
    return reply.code(405).header('allow', allowed.join(', ')).send(errorEnvelope(405));
  });
}

/**
 * The same error handler again, in the context of the operation routes. Fastify gives an error
 * raised after the error handler has answered (storing that answer under its `Idempotency-Key`
 * failed) to the handler of the parent context: with this, that is ours too, rather than Fastify's
 * default, whose body is not the contract's envelope and carries the error's text.
 */
export function registerOperationErrorHandler(routes: FastifyInstance): void {
  routes.setErrorHandler(answerError);
}
