import type { OperationId, Scope } from '@assistant-platform/types';
import type { AdminOperationId, AppliedFault } from '@assistant-platform/types/admin';

/** Who is calling, as resolved from the bearer token. */
export interface AuthContext {
  tokenId: number;
  accountId: number;
  /** SHA-256 of the token: the rate limiter's key, safe to hold in memory and logs. */
  tokenHash: string;
  scopes: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once the chat and embedding engines have loaded; rejects if they cannot be built. */
    enginesReady: Promise<void>;
    /** The token created at start-up on a database that had none, to print once; else undefined. */
    firstToken: string | undefined;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The fault this request gets (see pipeline/faults/), or null. */
    fault: AppliedFault | null;
  }
  interface FastifyContextConfig {
    /** The scope an API route requires; routes without one (docs, health) need no token. */
    scope?: Scope;
    /** The platform operation a route serves (see in-flight-limit.ts and the body parser). */
    operationId?: OperationId;
    /** The admin operation a route serves: not rate limited per token, not journaled. */
    adminOperationId?: AdminOperationId;
  }
}
