/**
 * `Server-Timing` (W3C Server Timing) on the platform's answers: how long the request spent in the
 * stages a client cannot see — `auth` (the token's lookup), `db` (the operation's database calls),
 * `engine` (the model: the chat or embeddings engine, or a fixture) — and `total`, from the request's
 * arrival to its answer's headers. A browser's network panel shows them, and the journal keeps them
 * with the answer's headers, so the console shows them too.
 *
 * Stages add up: a chat that looks its agents up twice has one `db` of both. A streamed chat's
 * headers leave before its events, so its `engine` is the time to the engine's first answer and
 * its `total` the time to the stream's start. The header is set as the answer's headers are
 * written (`onSend`), and only on the server's own operations: a proxy passes its target's on.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StageDescription, StageSpan, TimedStage } from './tracing/stage-span.js';

/** One stage a request went through: when it started (performance.now()) and how long it took. */
export interface TimedSpan {
  stage: TimedStage;
  /** The stage's span name: the stage's own, or a more precise one (`chat <model>`). */
  name: string;
  start: number;
  durationMs: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The stages timed so far, in the order they started; null until one is. */
    stages: TimedSpan[] | null;
  }
}

/**
 * Runs `work`, noting the stage it is (its start and how long it took) on the request, whether it
 * settles or throws: `Server-Timing` adds them up, the journal keeps them for the console's
 * waterfall. With tracing on, inside a span of that stage, which `work` receives (to pass its
 * `traceparent` on).
 */
export async function timed<T>(
  request: FastifyRequest,
  stage: TimedStage,
  work: (span: StageSpan | undefined) => Promise<T>,
  describe?: StageDescription<T>,
): Promise<T> {
  const span = request.traceStage?.(stage, describe?.name, describe?.attributes);
  const timedSpan: TimedSpan = {
    stage,
    name: describe?.name ?? stage,
    start: performance.now(),
    durationMs: 0,
  };
  if (request.stages === null) request.stages = [timedSpan];
  else request.stages.push(timedSpan);
  try {
    const result = await work(span);
    span?.end({ attributes: describe?.resultAttributes?.(result) });
    return result;
  } catch (error) {
    span?.end({ error });
    throw error;
  } finally {
    timedSpan.durationMs = performance.now() - timedSpan.start;
  }
}

/**
 * Milliseconds with exactly three decimals, as `toFixed(3)` writes them for the durations here
 * (non-negative, far below 1e21) at a sixth of its cost: the header is on every answer.
 */
function milliseconds(duration: number): string {
  const thousandths = Math.round(duration * 1000);
  const fraction = thousandths % 1000;
  return `${(thousandths - fraction) / 1000}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/**
 * The header's value: `auth;desc="token";dur=0.041, …, total;dur=2.500` (milliseconds, 3 decimals),
 * the stages in this order, with the description a browser shows.
 */
export function serverTimingOf(stages: readonly TimedSpan[] | null, totalMs: number): string {
  let header = '';
  if (stages !== null) {
    let auth: number | undefined;
    let db: number | undefined;
    let engine: number | undefined;
    for (const { stage, durationMs } of stages) {
      if (stage === 'auth') auth = (auth ?? 0) + durationMs;
      else if (stage === 'db') db = (db ?? 0) + durationMs;
      else engine = (engine ?? 0) + durationMs;
    }
    if (auth !== undefined) header += `auth;desc="token";dur=${milliseconds(auth)}, `;
    if (db !== undefined) header += `db;desc="database";dur=${milliseconds(db)}, `;
    if (engine !== undefined) header += `engine;desc="engine";dur=${milliseconds(engine)}, `;
  }
  return `${header}total;dur=${milliseconds(totalMs)}`;
}

export function registerServerTiming(app: FastifyInstance): void {
  app.decorateRequest('stages', null);
  app.addHook('onSend', (request, reply, payload, done) => {
    const { config } = request.routeOptions;
    if (config.operationId !== undefined && !config.proxied)
      reply.header('server-timing', serverTimingOf(request.stages, reply.elapsedTime));
    done(null, payload);
  });
}
