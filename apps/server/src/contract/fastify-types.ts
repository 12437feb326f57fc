import type { ServerResponse } from 'node:http';
import type { EnginePoolStats } from '@assistant-platform/engines/types';
import type { OperationId, Scope } from '@assistant-platform/types';
import type {
  AdminOperationId,
  AppliedFault,
  ReplayOutcome,
  Violation,
} from '@assistant-platform/types/admin';

/** Who is calling, as resolved from the bearer token. */
export interface AuthContext {
  tokenId: number;
  accountId: number;
  /** The token's label (what the journal shows and fault rules match on); never the token. */
  tokenName: string;
  /** SHA-256 of the token: the rate limiter's key, safe to hold in memory and logs. */
  tokenHash: string;
  scopes: readonly string[];
}

/**
 * What the journal keeps of one platform request while it runs (`request.journal`, null on
 * requests it does not record: admin, docs, health, or every request when `JOURNAL_MAX=0`). The
 * stages that know something the journal cannot see set it here.
 */
export interface RequestJournal {
  /** The chat fixture that answered; the chat operation sets it. */
  chatFixtureId: number | null;
  /**
   * How a fault (or, in proxy mode, the target; or a stalled reader's cut) ended the exchange; left undefined, the journal
   * tells `answered` from `client-closed`.
   */
  outcome: 'reset' | 'disconnected' | 'target-failed' | 'stalled' | undefined;
  /** The request body as received; the body parser sets it. */
  requestBody: Uint8Array | undefined;
  /**
   * Keeps a copy of the body, cut to the journal's bound, instead of the bytes themselves: for a
   * body whose bytes move to a body worker (they are gone from this thread once it starts).
   */
  keepRequestBodyCopy(bytes: Uint8Array): void;
  /** The operation reached; in proxy mode, the one whose method and path the request matches. */
  operationId: string | null;
  /** The request's id as the client sees it: in proxy mode, the target's. */
  requestId: string;
  /** Where a checked exchange broke the contract (proxy mode); null when it was not checked. */
  violations: Violation[] | null;
  /** How a replaying server answered; null when it does not replay. */
  replay: ReplayOutcome | null;
  /** Keeps the answer's body (a string or bytes) when no Fastify `send` carries it (proxy mode). */
  answered(payload: unknown): void;
  /** Records the events of a Server-Sent Events answer as they are written to `response`. */
  streamed(response: ServerResponse): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once the chat and embedding engines have loaded; rejects if they cannot be built. */
    enginesReady: Promise<void>;
    /** The engine pool's figures for the metrics; undefined while the engines load, and in proxy mode. */
    enginePool: () => EnginePoolStats | undefined;
    /** The token created at start-up on a database that had none, to print once; else undefined. */
    firstToken: string | undefined;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The fault this request gets (see pipeline/faults/), or null; the journal shows it. */
    fault: AppliedFault | null;
    journal: RequestJournal | null;
    /**
     * The canonical SHA-256 of the body as received, when it came with an `Idempotency-Key` to an
     * operation that takes one (see pipeline/body/); else null.
     */
    bodyHash: string | null;
  }
  interface FastifyContextConfig {
    /** The scope an API route requires; routes without one (docs, health) need no token. */
    scope?: Scope;
    /** The platform operation a route serves (see in-flight-limit.ts and the body parser). */
    operationId?: OperationId;
    /** The admin operation a route serves: not rate limited per token, not journaled. */
    adminOperationId?: AdminOperationId;
    /** The proxy's route (proxy mode): it forwards every platform request, journaled and faulted. */
    proxied?: true;
  }
}
