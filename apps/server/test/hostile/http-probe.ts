/**
 * Requests for the hostile suites, each bounded in time (a server that hangs fails the request), and
 * the checks they share: the 400 issue paths, and that `/healthz` still answers promptly.
 */
import { expect } from 'vitest';
import { TEST_TOKENS } from '../helpers/fixtures.js';

/**
 * The most a `/healthz` answer may take while or after the server is attacked. The attacks here
 * would block an unbounded server for tens of seconds or more; a 2-core machine loaded by other
 * work delays a prompt answer by a second or two, which must not fail the suite.
 */
export const HEALTHZ_BUDGET_MS = 5000;

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: any;
}

export interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Sends one request; `body` is sent as is when it is a string, else as JSON. */
export async function call(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  { token = TEST_TOKENS.all, headers = {}, timeoutMs = 15_000 }: CallOptions = {},
): Promise<Answer> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** The `path` of every issue of a 400 answer. */
export function issuePaths(answer: Answer): string[] {
  return (answer.body?.errors ?? []).map((issue: { path: string }) => issue.path);
}

/** Asserts a 400 with at least one issue whose path is `path` (or starts with it, given `prefix`). */
export function expectIssueAt(answer: Answer, path: string, { prefix = false } = {}): void {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(400);
  const paths = issuePaths(answer);
  const hit = paths.some((p) => (prefix ? p === path || p.startsWith(`${path}/`) : p === path));
  expect(hit, `an issue at ${path} among ${JSON.stringify(paths.slice(0, 10))}`).toBe(true);
}

/** Asserts `/healthz` answers 200 within the budget. */
export async function expectHealthy(origin: string): Promise<void> {
  const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(HEALTHZ_BUDGET_MS) });
  expect(res.status).toBe(200);
}

/**
 * Polls `/healthz` until stopped; `stop()` reports the slowest answer and how many polls failed
 * (not 200, or no answer within the budget).
 */
export function watchHealth(origin: string, everyMs = 50) {
  let running = true;
  let slowestMs = 0;
  let failures = 0;
  let polls = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(HEALTHZ_BUDGET_MS) });
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
      } catch {
        failures++;
      }
      polls++;
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowestMs, failures, polls };
    },
  };
}

/** Runs `attack` while polling `/healthz`, then asserts no poll failed or took longer than the budget. */
export async function whileWatchingHealth<T>(origin: string, attack: () => Promise<T>): Promise<T> {
  const watch = watchHealth(origin);
  let result: T;
  try {
    result = await attack();
  } finally {
    const health = await watch.stop();
    expect(health.failures, `healthz polls that failed: ${JSON.stringify(health)}`).toBe(0);
    expect(health.slowestMs).toBeLessThan(HEALTHZ_BUDGET_MS);
  }
  await expectHealthy(origin);
  return result;
}
