/**
 * Turns on the event loop, fair between accounts. What a request costs once its body is parsed — its
 * operation (a SQLite write is synchronous), its answer's serialisation and write — runs on the one
 * event loop every account shares, in the order the bodies came back from the body pool: one
 * account's 64 parsed 200 kB transcripts become 64 operations back to back, and a request of another
 * account whose bytes arrive meanwhile waits behind all of them.
 *
 * So each account goes on with one request per turn of the loop. Another request of the same account
 * in the same turn waits (by token inside the account, token-ring.ts), and the waiting go on one per
 * account per turn, in the loop's check phase, while the loop still polls for new requests between
 * turns. A request of an account without a backlog therefore waits for at most one operation of each
 * account that has one, and an account alone loses only the turns of an otherwise idle loop.
 *
 * What comes before the gate stays first come first served: receiving and refusing requests costs
 * little per request and is bounded per account by the rate limit and the account admission.
 */
import { TokenRing } from '@assistant-platform/engines/fair-queue';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from './request-tenant.js';

interface Waiting {
  token: string;
  go: () => void;
}

export class LoopTurns {
  /** Accounts that went on in this turn of the loop. */
  private readonly went = new Set<string>();
  /** Requests waiting for a later turn, by account (in the order the accounts began waiting). */
  private readonly waiting = new Map<string, TokenRing<Waiting>>();
  private scheduled = false;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Requests waiting now. */
  get size(): number {
    let size = 0;
    for (const ring of this.waiting.values()) size += ring.size;
    return size;
  }

  /** Calls `go` now when the account has not gone on in this turn and has none waiting; else later. */
  enter(account: string, token: string, go: () => void): void {
    if (!this.went.has(account) && !this.waiting.has(account)) {
      this.went.add(account);
      this.schedule();
      go();
      return;
    }
    let ring = this.waiting.get(account);
    if (!ring) {
      ring = new TokenRing<Waiting>();
      this.waiting.set(account, ring);
    }
    ring.push(token, { token, go });
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.nextTurn);
  }

  /** A new turn: each account with requests waiting lets its next one go on. */
  private readonly nextTurn = (): void => {
    this.scheduled = false;
    this.went.clear();
    const going: Waiting[] = [];
    for (const [account, ring] of this.waiting) {
      const next = ring.shift() as Waiting;
      ring.finished(next.token);
      if (ring.size === 0) this.waiting.delete(account);
      this.went.add(account);
      going.push(next);
    }
    if (going.length > 0) this.schedule();
    for (const { go } of going) {
      try {
        go();
      } catch (error) {
        this.onError(error);
      }
    }
  };
}

/** The gate in front of the platform's operations (and the proxy's route), right after body parsing. */
export function registerLoopTurns(app: FastifyInstance): LoopTurns {
  const turns = new LoopTurns((error) => app.log.error({ err: error }, 'a request failed on its turn'));
  app.addHook('preValidation', (request, _reply, done) => {
    const { operationId, proxied } = request.routeOptions.config;
    if (!operationId && !proxied) return done();
    const tenant = tenantOf(request);
    turns.enter(tenant.account, tenant.token, done);
  });
  return turns;
}
