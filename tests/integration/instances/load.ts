/**
 * Clients loading a deployment while a suite breaks it, and what they saw: each answer's status and
 * whether it was the platform's envelope (a success envelope, or the error envelope with the
 * contract's fixed message for its status), counted, never timed.
 */
import { randomUUID } from 'node:crypto';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { ERROR_MESSAGES, isErrorStatus } from '@assistant-platform/types';

export const auth = { authorization: `Bearer ${TEST_TOKENS.all}` };
export const json = { 'content-type': 'application/json' };
/** The load suites send more than a token's default limit allows: the limit is not what they test. */
export const UNLIMITED = { RATE_LIMIT_MAX: '100000000' };

/** Everything the clients of one run saw. */
export class Seen {
  /** Answers per status; `connection` counts requests that got no answer at all. */
  readonly statuses = new Map<number | 'connection', number>();
  /** Answers that were not the platform's envelope, as `status: body`. */
  readonly notEnvelopes: string[] = [];

  count(status: number | 'connection'): number {
    return this.statuses.get(status) ?? 0;
  }
  /** Answers other than a 2xx, and requests with no answer. */
  failed(): number {
    return [...this.statuses].reduce(
      (sum, [status, n]) => (status === 'connection' || status >= 300 ? sum + n : sum),
      0,
    );
  }
  /** The statuses seen, for an assertion's message. */
  summary(): string {
    return JSON.stringify(Object.fromEntries(this.statuses));
  }
  total(): number {
    return [...this.statuses.values()].reduce((sum, n) => sum + n, 0);
  }

  /** Sends the request and records its answer; resolves with the body, undefined without an answer. */
  async fetch(url: string, init?: RequestInit): Promise<{ status: number; body: unknown } | undefined> {
    let status: number;
    let text: string;
    let type: string | null;
    try {
      const answer = await fetch(url, init);
      ({ status } = answer);
      type = answer.headers.get('content-type');
      text = await answer.text();
    } catch {
      this.statuses.set('connection', this.count('connection') + 1);
      return undefined;
    }
    this.statuses.set(status, this.count(status) + 1);
    const body = envelopeOf(status, type, text);
    if (body === undefined) this.notEnvelopes.push(`${status}: ${text.slice(0, 200)}`);
    return { status, body };
  }
}

/**
 * The body if it is the platform's envelope for `status` (or, for a streamed chat's 200, the
 * stream's text, which the caller checks), else undefined.
 */
function envelopeOf(status: number, type: string | null, text: string): unknown {
  if (status === 200 && type?.startsWith('text/event-stream')) return text;
  if (!type?.startsWith('application/json')) return undefined;
  let body: { success?: unknown; message?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (status < 300) return body.success === true && typeof body.message === 'string' ? body : undefined;
  return body.success === false && isErrorStatus(status) && body.message === ERROR_MESSAGES[status]
    ? body
    : undefined;
}

/** `clients` loops of `step` until `stop()`, which waits for the steps under way. */
export function runClients(clients: number, step: (client: number) => Promise<void>) {
  let stopped = false;
  const loops = Array.from({ length: clients }, async (_, client) => {
    while (!stopped) await step(client);
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/**
 * Creates one agent named `name` with one `Idempotency-Key`, sending it again with the same key
 * after any failure (as the SDK does) until it is acknowledged or `attempts` are spent. Resolves
 * with the acknowledged agent's id, or undefined.
 */
export async function createWithKey(seen: Seen, origin: string, name: string, attempts = 60) {
  const headers = { ...auth, ...json, 'idempotency-key': randomUUID() };
  const body = JSON.stringify({ name, instruction: 'Answer briefly.' });
  for (let attempt = 0; attempt < attempts; attempt++) {
    const answer = await seen.fetch(`${origin}/v1/agents/create`, { method: 'POST', headers, body });
    if (answer?.status === 201) return (answer.body as { data: { id: number } }).data.id;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return undefined;
}
