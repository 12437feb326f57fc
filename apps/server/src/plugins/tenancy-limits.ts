import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config/load-config.js';
import { registerAccountAdmission } from '../pipeline/account-admission.js';
import { inFlightSlots, registerInFlightLimit } from '../pipeline/in-flight-limit.js';
import { registerRateLimit } from '../pipeline/rate-limit.js';
import type { TakeSlot } from '../shared/in-flight-leases.js';

export interface TenancyLimitsOptions {
  config: Pick<ServerConfig, 'accountAdmission' | 'bodyLimit' | 'maxHeavyRequestsPerToken' | 'rateLimit'>;
  /** Without it (FEATURES_OFF=account-admission), accounts' requests and bodies in flight are not bounded. */
  admission: boolean;
  /** With REDIS_URL: the counters every instance shares (shared/); else this process's own. */
  shared: { inFlight: TakeSlot; rateLimitStore: FastifyRateLimitStoreCtor } | undefined;
}

/**
 * What one tenant may have the server do, so that no tenant can slow or refuse another's work: an
 * account's requests and bodies in flight (account-admission.ts), a token's requests per window
 * (rate-limit.ts) and its heavy requests in flight (in-flight-limit.ts, whose slots it decorates
 * the app with as `inFlight`, for the faults that hold a request). After authentication: each is
 * counted per account or token. Failed authentications are limited by the auth stage itself.
 */
async function tenancyLimits(app: FastifyInstance, { config, admission, shared }: TenancyLimitsOptions) {
  // Before a fault can hold a request (faults come after this plugin): a held request is in flight too.
  if (admission) registerAccountAdmission(app, config.accountAdmission, config.bodyLimit);
  const inFlight = inFlightSlots(config.maxHeavyRequestsPerToken, shared?.inFlight);
  app.decorate('inFlight', inFlight);
  await registerRateLimit(app, config.rateLimit, shared?.rateLimitStore);
  registerInFlightLimit(app, inFlight);
}

export const tenancyLimitsPlugin = fp(tenancyLimits, {
  name: 'tenancy-limits',
  fastify: '5.x',
  decorators: { request: ['auth'] },
});
