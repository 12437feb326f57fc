/**
 * What clients see while the deployment changes under them: loops of requests, each with a request
 * id of its own (the servers log it, so a test can tell which instance served a request), each
 * outcome recorded with how long the client waited, for a test to count errors and stalls.
 */
import { randomUUID } from 'node:crypto';

export interface ClientLoop {
  /** Names the loop's requests (their ids start with it). */
  kind: string;
  path: string;
  headers?: Record<string, string>;
  /** The pause after each answer, which keeps the loops under the token's rate limit. */
  pauseMs: number;
}

export interface Outcome {
  id: string;
  kind: string;
  /** When it was sent (Date.now()). */
  sentAt: number;
  waitedMs: number;
  status?: number;
  error?: string;
}

/** A request id of the platform's form (visible ASCII, at most 128), unique to this run. */
export function requestId(kind: string): string {
  return `${kind}-${randomUUID()}`;
}

/** One GET through `origin`; its outcome, an error included (never thrown). */
export async function get(origin: string, path: string, kind: string, headers: Record<string, string> = {}) {
  const id = requestId(kind);
  const sentAt = Date.now();
  const started = performance.now();
  const outcome = (fields: Partial<Outcome>): Outcome => ({
    id,
    kind,
    sentAt,
    waitedMs: performance.now() - started,
    ...fields,
  });
  try {
    const response = await fetch(`${origin}${path}`, {
      headers: { 'x-request-id': id, ...headers },
      // Far beyond any wait a client should see, so a stall is measured rather than cut short.
      signal: AbortSignal.timeout(120_000),
    });
    const body = await response.text();
    return outcome({ status: response.status, ...(response.ok ? {} : { error: body.slice(0, 200) }) });
  } catch (error) {
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    return outcome({ error: String(cause) });
  }
}

/** Starts the loops; `stop()` ends them after their current request and gives every outcome. */
export function startClients(origin: string, loops: ClientLoop[]) {
  let running = true;
  const outcomes: Outcome[] = [];
  const run = async (loop: ClientLoop) => {
    while (running) {
      outcomes.push(await get(origin, loop.path, loop.kind, loop.headers));
      if (running) await new Promise((resolve) => setTimeout(resolve, loop.pauseMs));
    }
  };
  const all = loops.map(run);
  return {
    outcomes,
    async stop(): Promise<Outcome[]> {
      running = false;
      await Promise.all(all);
      return outcomes;
    },
  };
}

/** The figures a run is judged by: how many, how many failed, the longest wait. */
export function summarize(outcomes: Outcome[]) {
  const failed = outcomes.filter((outcome) => outcome.status !== 200);
  const longest = outcomes.reduce((max, outcome) => Math.max(max, outcome.waitedMs), 0);
  return { requests: outcomes.length, failed, longestMs: Math.round(longest) };
}
