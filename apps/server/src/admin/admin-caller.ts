/**
 * Who calls the admin API and what the call reaches (admin.yaml, "Two kinds of administration"):
 * a token with scope `operator` administers the whole server, any other (its route already
 * checked `admin` or `*`) its own account. Every handler asks this, once, and passes the reach
 * to the stores, which never reach further.
 */
import { adminViewOf } from '@assistant-platform/types';
import type { AdminView } from '@assistant-platform/types/admin';
import type { FastifyRequest } from 'fastify';
import type { Reach } from '../contract/admin-stores.js';
import type { AuthContext } from '../contract/fastify-types.js';
import { accountOf } from '../pipeline/auth.js';

export interface AdminCaller {
  view: AdminView;
  /** What its reads, clears and removals reach: its account's records, or (`'all'`) everyone's. */
  reach: Reach;
  /** Whose the rules and fixtures it adds are: its account's, or (null) operators', for every account. */
  owner: number | null;
  accountId: number;
  auth: AuthContext;
}

export function adminCallerOf(request: FastifyRequest): AdminCaller {
  const accountId = accountOf(request);
  const auth = request.auth as AuthContext;
  const view = adminViewOf(auth.scopes);
  return view === 'operator'
    ? { view, reach: 'all', owner: null, accountId, auth }
    : { view, reach: accountId, owner: accountId, accountId, auth };
}
