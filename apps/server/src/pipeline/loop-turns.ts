/**
 * Turns on the event loop, fair between accounts. What a request costs once its body is parsed — its
 * operation (a SQLite write is synchronous), its answer's serialisation and write — runs on the one
 * event loop every account shares, in the order the bodies came back from the body pool: one
 * account's 64 parsed 200 kB transcripts become 64 operations back to back, and a request of another
 * account whose bytes arrive meanwhile waits behind all of them.
 *
 * So the loop's work after body parsing is dealt in turns of about TURN_BUDGET_MS. While a turn has
 * time left and nothing waits, a request goes on at once: an account alone, or accounts that do not
 * crowd each other, pay only a clock read. Once a turn has used its time, requests wait, by account
 * and inside an account by token (token-ring.ts), and the next turn (the loop's check phase, after
 * it has polled for new requests) lets them go one per account in rotation until its time is used.
 * A request of an account without a backlog therefore waits for about one turn and one operation of
 * each account that has one, not for the whole backlog.
 *
 * What comes before the gate stays first come first served: receiving and refusing requests costs
 * little per request and is bounded per account by the rate limit and the account admission.
 */
import { type Tenant, TokenRing } from '@assistant-platform/engines/fair-queue';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from './request-tenant.js';

interface Waiting {
  token: string;
  go: () => void;
}

/** How long a turn of the loop lets operations go on before others get theirs. */
export const TURN_BUDGET_MS = 2;

export class LoopTurns {
  /** Requests waiting for a later turn, by account (in the order the accounts began waiting). */
  private readonly waiting = new Map<string, TokenRing<Waiting>>();
  private waitingCount = 0;
  private turnStartedAt = 0;
  private scheduled = false;

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly budgetMs = TURN_BUDGET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Requests waiting now. */
  get size(): number {
    return this.waitingCount;
  }

  /**
   * Calls `go` now while this turn has time left and nothing waits; else on a later turn, in the
   * line of its tenant, which `tenant()` names (asked only then: most requests never wait).
   */
  enter(tenant: () => Tenant, go: () => void): void {
    const now = this.now();
    if (!this.scheduled) {
      this.turnStartedAt = now;
      this.schedule();
    }
    if (this.waitingCount === 0 && now - this.turnStartedAt < this.budgetMs) {
      go();
      return;
    }
    const { account, token } = tenant();
    let ring = this.waiting.get(account);
    if (!ring) {
      ring = new TokenRing<Waiting>();
      this.waiting.set(account, ring);
    }
    ring.push(token, { token, go });
    this.waitingCount++;
  }

  private schedule(): void {
    this.scheduled = true;
    setImmediate(this.nextTurn);
  }

  /** A new turn: waiting requests go on, one per account in rotation, until the turn's time is used. */
  private readonly nextTurn = (): void => {
    this.scheduled = false;
    const started = this.now();
    this.turnStartedAt = started;
    while (this.waitingCount > 0 && this.now() - started < this.budgetMs) {
      // The account first in line goes, then to the back of the line if it has more waiting.
      const [account, ring] = this.waiting.entries().next().value as [string, TokenRing<Waiting>];
      const next = ring.shift() as Waiting;
      ring.finished(next.token);
      this.waitingCount--;
      this.waiting.delete(account);
      if (ring.size > 0) this.waiting.set(account, ring);
      try {
        next.go();
      } catch (error) {
        this.onError(error);
      }
    }
    if (this.waitingCount > 0) this.schedule();
  };
}

/** The gate in front of the platform's operations (and the proxy's route), right after body parsing. */
export function registerLoopTurns(app: FastifyInstance): void {
  const turns = new LoopTurns((error) => app.log.error({ err: error }, 'a request failed on its turn'));
  app.addHook('preValidation', (request, _reply, done) => {
    const { operationId, proxied } = request.routeOptions.config;
    if (!operationId && !proxied) return done();
    turns.enter(() => tenantOf(request), done);
  });
}
