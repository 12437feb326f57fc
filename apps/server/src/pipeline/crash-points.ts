/**
 * Test-only crash points of the write path, to prove `Idempotency-Key` writes exactly once across a
 * killed process (test/crash/): the process kills itself (SIGKILL, as `kill -9`) when a request
 * reaches a point. They exist only in the fault-test build: callers guard each call with
 * `globalThis.__ASSISTANT_CRASH_POINTS__`, which the package's build defines as `false` (see
 * tsup.config.ts), so esbuild drops the calls and this module from every bundle that ships; the
 * fault-test build defines it `true`. Sources run by vitest leave it undefined: off.
 *
 * A request asks with `x-crash-at: <point>`. With `x-crash-batch: N`, the Nth request to reach the
 * point kills the process and the ones before it wait there, so one kill ends N requests at the same
 * point (on SQLite, whose one writer admits one open transaction, `before-commit` takes N = 1).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

declare global {
  /** Whether this build has crash points: a constant the bundler replaces. */
  var __ASSISTANT_CRASH_POINTS__: boolean | undefined;
}

/** The write path's points: its transaction about to commit; committed, answer unsent; half sent. */
export type CrashPoint = 'before-commit' | 'after-commit' | 'mid-answer';

const reached = new Map<CrashPoint, number>();
const never = new Promise<never>(() => undefined);

/** Whether the request asks to crash at `point`; true once the process is about to die. */
function arrive(request: FastifyRequest, point: CrashPoint): { due: boolean } | undefined {
  if (request.headers['x-crash-at'] !== point) return undefined;
  const batch = Math.max(1, Number(request.headers['x-crash-batch'] ?? 1) || 1);
  const count = (reached.get(point) ?? 0) + 1;
  reached.set(point, count);
  return { due: count >= batch };
}

function die(): Promise<never> {
  process.kill(process.pid, 'SIGKILL');
  return never;
}

/** Kills the process at `before-commit` or `after-commit` when the request asks; else returns. */
export function crashAt(request: FastifyRequest, point: 'before-commit' | 'after-commit'): Promise<void> {
  const arrived = arrive(request, point);
  if (arrived === undefined) return Promise.resolve();
  return arrived.due ? die() : never;
}

/**
 * `mid-answer`: sends the answer's head and the first half of its body (the whole length
 * announced), then, once that has left, kills the process; else returns.
 */
export function crashMidAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const arrived = arrive(request, 'mid-answer');
  if (arrived === undefined) return Promise.resolve();
  const body = Buffer.from(typeof payload === 'string' ? payload : String(payload));
  const raw = reply.raw;
  raw.writeHead(reply.statusCode, {
    'content-type': String(reply.getHeader('content-type') ?? 'application/json'),
    'content-length': String(body.length),
  });
  return new Promise<void>((resolve) => {
    raw.write(body.subarray(0, Math.floor(body.length / 2)), () => resolve());
  }).then(() => (arrived.due ? die() : never));
}
