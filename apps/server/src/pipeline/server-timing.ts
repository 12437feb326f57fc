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

export type TimedStage = 'auth' | 'db' | 'engine';

/** The stages in the order the header lists them, with the description a browser shows. */
const STAGES: readonly [TimedStage, string][] = [
  ['auth', 'token'],
  ['db', 'database'],
  ['engine', 'engine'],
];

type StageTimes = Partial<Record<TimedStage, number>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Milliseconds spent per stage so far (see pipeline/server-timing.ts); null until one is timed. */
    stageTimes: StageTimes | null;
  }
}

/** Runs `work`, adding the time it took to the request's `stage`, whether it settles or throws. */
export async function timed<T>(
  request: FastifyRequest,
  stage: TimedStage,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const times = request.stageTimes ?? {};
    times[stage] = (times[stage] ?? 0) + (performance.now() - started);
    request.stageTimes = times;
  }
}

/** The header's value: `auth;desc="token";dur=0.041, …, total;dur=2.5` (milliseconds, 3 decimals). */
export function serverTimingOf(times: StageTimes | null, totalMs: number): string {
  const metrics: string[] = [];
  for (const [stage, description] of STAGES) {
    const duration = times?.[stage];
    if (duration !== undefined) metrics.push(`${stage};desc="${description}";dur=${duration.toFixed(3)}`);
  }
  metrics.push(`total;dur=${totalMs.toFixed(3)}`);
  return metrics.join(', ');
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
