/**
 * Proxy mode's one route: every request under `/v1`, whatever its method (every one Node's HTTP
 * parser reads, CONNECT aside: Fastify's router learns the others with `addHttpMethod`) and path
 * (as long as it stays under `/v1`, see confined-path.ts), is forwarded to
 * the target as it came (its body bytes, the caller's token, hop-by-hop headers aside, see
 * forwarded-headers.ts) and its answer passed back as it comes, a stream event by event. On the
 * way, both are checked against the platform's contract (the types package's exchange checks, on
 * a body worker for large bodies): the request and the answer's head first, the body (or each
 * event) as it passes, all before the answer's last byte, so the journal entry carries them. With
 * a recorder, a complete exchange with an operation of the contract becomes a cassette.
 *
 * The local engines, database and rate limits play no part; authentication and limits are the
 * target's. Faults still apply (see pipeline/faults/): a `code` or `reset` never reaches the
 * target; a delay precedes forwarding; a stream's timing paces the forwarded events.
 */
import { METHODS, type ServerResponse } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Fault } from '@assistant-platform/types/admin';
import {
  type CheckedRequest,
  type ContractValidator,
  checkAnswerBody,
  checkAnswerHead,
  mediaTypeOf,
  requestChecks,
  StreamCheck,
  type Violation,
} from '@assistant-platform/types/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eventText } from '../cassettes/cassette-format.js';
import type { CassetteRecorder } from '../cassettes/cassette-recorder.js';
import type { CheckedExchange, ViolationsStore } from '../contract/admin-stores.js';
import { abortOnDisconnect } from '../operations/abort-on-disconnect.js';
import { timed } from '../operations/chat-event-stream.js';
import { type BodyPool, OFFLOAD_BYTES } from '../pipeline/body/body-pool.js';
import { withoutFaultPreferences } from '../pipeline/faults/prefer-header.js';
import { tenantOf } from '../pipeline/request-tenant.js';
import { AnswerTap, type Tapped, type TappedEvent } from './answer-tap.js';
import { reportViolations } from './exchange-report.js';
import { forwardedRequestHeaders, forwardedResponseHeaders } from './forwarded-headers.js';
import type { TargetAnswer, TargetClient } from './target-client.js';

export interface ProxyDeps {
  target: TargetClient;
  validator: ContractValidator;
  bodies: BodyPool;
  recorder: CassetteRecorder | undefined;
  /** The violations summary of `/_admin/violations`, which each checked exchange adds to. */
  violations: ViolationsStore;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Methods Fastify routes without being told (CONNECT opens a tunnel, which Node hands elsewhere). */
const unknownMethods = (app: FastifyInstance) =>
  METHODS.filter((method) => method !== 'CONNECT' && !app.supportedMethods.includes(method));

export async function registerProxyRoutes(app: FastifyInstance, deps: ProxyDeps): Promise<void> {
  const handler = proxyHandler(deps);
  // A body may come with any of them (QUERY's is its point): each is read and forwarded.
  for (const method of unknownMethods(app)) app.addHttpMethod(method, { hasBody: true });
  await app.register(
    async (v1) => {
      // Before the body is read or anything is forwarded: a path that would leave /v1 answers 400.
      v1.addHook('onRequest', async (request) => {
        deps.target.urlOf(request.url.slice('/v1'.length));
      });
      // Bodies are forwarded as the bytes they came as, whatever their media type.
      v1.removeAllContentTypeParsers();
      v1.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
        if (request.journal) request.journal.requestBody = body as Buffer;
        done(null, body);
      });
      // The target answers CORS and rate limits: neither is the proxy's to add.
      const config = { proxied: true, cors: false, rateLimit: false } as const;
      v1.all('/', { config }, handler);
      v1.all('/*', { config }, handler);
    },
    { prefix: '/v1' },
  );
}

function proxyHandler({ target, validator, bodies, recorder, violations: summary }: ProxyDeps) {
  const checkRequest = requestChecks(validator);
  const checkRequestAnywhere = (request: FastifyRequest, checked: CheckedRequest) =>
    (checked.body?.length ?? 0) >= OFFLOAD_BYTES
      ? bodies.checkRequest(tenantOf(request), checked)
      : (() => {
          const { operation, violations } = checkRequest(checked);
          return { operationId: operation?.operationId ?? null, violations };
        })();

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const sentAt = performance.now();
    const { method, url } = request;
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = queryAt < 0 ? '' : url.slice(queryAt + 1);
    const body = request.body instanceof Buffer ? request.body : undefined;
    const res = reply.raw;
    // Aborted when the client leaves before its answer's end, or at once if it left while the
    // request waited (for its admission, say): the call to the target is cancelled either way.
    const clientGone = abortOnDisconnect(reply);
    // Preferences the proxy acted on (its faults) are not the target's to act on again.
    const preferHeader = first(request.headers.prefer);
    const prefer =
      request.fault?.source === 'prefer' && preferHeader !== undefined
        ? { value: withoutFaultPreferences(preferHeader) }
        : undefined;
    const sending = target.send({
      method,
      pathAndQuery: url.slice('/v1'.length),
      headers: forwardedRequestHeaders(request.raw.rawHeaders, target.host, prefer),
      body,
      signal: clientGone,
    });
    // Settled below; a check that fails first must not leave it unhandled.
    sending.catch(() => undefined);
    // A CORS preflight is the browser's, not a platform request: forwarded, not checked. A HEAD is
    // checked as the GET it stands for (RFC 9110 §9.3.2), without a body.
    const checks = method !== 'OPTIONS';
    const asMethod = method === 'HEAD' ? 'GET' : method;
    const report = (exchange: CheckedExchange, violations: readonly Violation[]) => {
      if (checks) reportViolations(summary, request, exchange, violations);
    };
    const checked = await Promise.resolve(
      checks
        ? checkRequestAnywhere(request, {
            method: asMethod,
            path: path.slice('/v1'.length) || '/',
            query,
            headers: request.headers,
            body,
          })
        : { operationId: null, violations: [] },
    ).catch((error: unknown) => {
      request.log.warn({ err: error }, 'the request was not checked against the contract');
      return { operationId: null, violations: [] as Violation[] };
    });
    const { operationId } = checked;
    if (request.journal) {
      request.journal.operationId = operationId;
      if (checks) request.journal.violations = checked.violations;
    }
    const answer = await sending.catch((error: unknown) => {
      // No answer to check (the target is down or slow: 502 or 504), but the request's own count.
      report({ operationId, requestId: request.id, method, path, status: null }, checked.violations);
      throw error;
    });
    const requestId = first(answer.headers['x-request-id']) ?? request.id;
    if (request.journal) request.journal.requestId = requestId;
    const exchange = { operationId, requestId, method, path, status: answer.status };
    const head = checks
      ? checkAnswerHead(validator, operationId, answer.status, answer.headers)
      : { violations: [], stream: undefined };
    const isStream = mediaTypeOf(first(answer.headers['content-type'])) === 'text/event-stream';
    const stream = isStream && head.stream ? new StreamCheck(validator, head.stream) : undefined;
    const tap = new AnswerTap({
      contentEncoding: first(answer.headers['content-encoding']),
      stream,
      isStream,
      sentAt,
      keepEvents: recorder !== undefined,
    });

    const headersAtMs = performance.now() - sentAt;

    // Runs once the target's answer has ended, before the client's does.
    let tapped: Tapped | undefined;
    const finish = async () => {
      tapped = await tap.finish();
      const violations = [...checked.violations, ...head.violations];
      if (stream) violations.push(...stream.end());
      else if (tapped.body !== undefined && checks && method !== 'HEAD')
        violations.push(...(await checkBody(answer, operationId, tapped.body)));
      if (tapped.unchecked)
        request.log.warn(`the answer was not checked against the contract: ${tapped.unchecked}`);
      report(exchange, violations);
    };
    const checkBody = (answer: TargetAnswer, id: string | null, bytes: Buffer) => {
      const contentType = first(answer.headers['content-type']);
      if (bytes.length < OFFLOAD_BYTES)
        return Promise.resolve(checkAnswerBody(validator, id, answer.status, contentType, bytes));
      return bodies
        .checkAnswer(tenantOf(request), { operationId: id, status: answer.status, contentType, bytes })
        .catch((error) => {
          request.log.warn({ err: error }, 'the answer was not checked against the contract');
          return [];
        });
    };

    reply.hijack();
    if (request.fault?.fault.dropAnswer) {
      // The target did the work and answered (checked as any answer); the client gets none of it.
      for await (const chunk of answer.body) tap.push(chunk as Buffer);
      await finish();
      if (request.journal) request.journal.outcome = 'reset';
      request.raw.socket.destroy();
      return;
    }
    res.writeHead(answer.status, forwardedResponseHeaders(answer.headers));
    if (isStream) request.journal?.streamed(res);
    const timing = request.fault?.fault;
    const paced =
      isStream &&
      tap.decodable &&
      timing !== undefined &&
      (timing.ttftMs || timing.tps || timing.disconnectAfter !== undefined);
    try {
      if (paced) await forwardPaced(request, answer, tap, res, timing, clientGone, finish);
      else if (isStream) await forward(answer, tap, res, finish);
      else await forwardPlain(answer, tap, res, finish);
    } catch (error) {
      if (clientGone.aborted || request.journal?.outcome === 'disconnected') return;
      // The target's connection failed mid-answer: the client's is cut too, never ended as if complete.
      if (request.journal) request.journal.outcome = 'target-failed';
      request.log.warn(
        { err: error },
        'the target failed in the middle of its answer; the client’s answer was cut',
      );
      if (stream && tapped === undefined)
        report(exchange, [...checked.violations, ...head.violations, ...stream.end()]);
      res.destroy();
      return;
    }
    const recordable = operationId !== null && method === asMethod && request.fault === null;
    if (recorder && recordable && tapped && !tapped.unchecked) {
      if (tapped.notKept) request.log.warn(`not recorded: ${tapped.notKept}`);
      else
        recorder.record({
          method,
          path,
          query,
          requestHeaders: request.headers,
          requestBody: body,
          status: answer.status,
          answerHeaders: answer.headers,
          headersAtMs,
          answerBody: tapped.body,
          events: tapped.events,
        });
    }
  };
}

/**
 * Passes an answer that is not a stream through as it comes, the tap keeping each chunk; `finish`
 * runs before the end. Piped straight to the response (`pipe` waits for a slow client's `drain`),
 * with no stream pipeline or transform between: a pipeline's abort controller and end-of-stream
 * listeners are a cost on every call, and this path needs neither. The client's going away aborts
 * the target's request (its `signal`), which ends the body with an error: the promise rejects.
 */
function forwardPlain(
  answer: TargetAnswer,
  tap: AnswerTap,
  res: ServerResponse,
  finish: () => Promise<void>,
) {
  const { body } = answer;
  return new Promise<void>((resolve, reject) => {
    let ended = false;
    body.on('data', (chunk: Buffer) => tap.push(chunk));
    body.once('error', reject);
    // Destroyed without an error (no 'end'): an answer cut short all the same, never ended as complete.
    body.once('close', () => {
      if (!ended) reject(new Error('the target’s answer closed before its end'));
    });
    body.once('end', () => {
      ended = true;
      finish().then(() => {
        res.end();
        resolve();
      }, reject);
    });
    body.pipe(res, { end: false });
  });
}

/** Passes a stream through as it comes, the tap watching each chunk; `finish` runs before the end. */
async function forward(
  answer: TargetAnswer,
  tap: AnswerTap,
  res: ServerResponse,
  finish: () => Promise<void>,
) {
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      tap.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      finish().then(() => callback(), callback);
    },
  });
  await pipeline(answer.body, watch, res);
}

/**
 * A stream paced by a fault: the target's events re-sent at the fault's timing (and cut by it). The
 * target's body is read only as the paced events are taken, so a slow pace holds the target back
 * (TCP back-pressure) instead of queueing its whole answer in memory: at most one chunk's events wait.
 */
async function forwardPaced(
  request: FastifyRequest,
  answer: TargetAnswer,
  tap: AnswerTap,
  res: ServerResponse,
  timing: Fault,
  signal: AbortSignal,
  finish: () => Promise<void>,
) {
  async function* texts() {
    const waiting: string[] = [];
    const onEvent = ({ event, data }: TappedEvent) => waiting.push(eventText(event, data));
    tap.on('event', onEvent);
    try {
      for await (const chunk of answer.body) {
        tap.push(chunk as Buffer);
        while (waiting.length > 0) yield waiting.shift() as string;
      }
      await finish();
      while (waiting.length > 0) yield waiting.shift() as string;
    } finally {
      tap.off('event', onEvent);
    }
  }
  const cut = () => {
    if (request.journal) request.journal.outcome = 'disconnected';
    answer.body.destroy();
    res.socket?.end();
  };
  await pipeline(Readable.from(timed(texts(), { ...timing, cut }, signal)), res);
}
