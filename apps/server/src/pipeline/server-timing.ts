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

type StageTimes = Partial<Record<TimedStage, number>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Milliseconds spent per stage so far (see pipeline/server-timing.ts); null until one is timed. */
    stageTimes: StageTimes | null;
  }
}

/**
 * Runs `work`, adding the time it took to the request's `stage`, whether it settles or throws; with
 * tracing on, inside a span of that stage, which `work` receives (to pass its `traceparent` on).
 */
export async function timed<T>(
  request: FastifyRequest,
  stage: TimedStage,
  work: (span: StageSpan | undefined) => Promise<T>,
  describe?: StageDescription<T>,
): Promise<T> {
  const span = request.traceStage?.(stage, describe?.name, describe?.attributes);
  const started = performance.now();
  try {
    const result = await work(span);
    span?.end({ attributes: describe?.resultAttributes?.(result) });
    return result;
  } catch (error) {
    span?.end({ error });
    throw error;
  } finally {
    const times = request.stageTimes ?? {};
    times[stage] = (times[stage] ?? 0) + (performance.now() - started);
    request.stageTimes = times;
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
export function serverTimingOf(times: StageTimes | null, totalMs: number): string {
  let header = '';
  if (times !== null) {
    if (times.auth !== undefined) header += `auth;desc="token";dur=${milliseconds(times.auth)}, `;
    if (times.db !== undefined) header += `db;desc="database";dur=${milliseconds(times.db)}, `;
    if (times.engine !== undefined) header += `engine;desc="engine";dur=${milliseconds(times.engine)}, `;
  }
  return `${header}total;dur=${milliseconds(totalMs)}`;
}

export function registerServerTiming(app: FastifyInstance): void {
  app.decorateRequest('stageTimes', null);
  app.addHook('onSend', (request, reply, payload, done) => {
    const { config } = request.routeOptions;
    if (config.operationId !== undefined && !config.proxied)
      reply.header('server-timing', serverTimingOf(request.stageTimes, reply.elapsedTime));
    done(null, payload);
  });
}
