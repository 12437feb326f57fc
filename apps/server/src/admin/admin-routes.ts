/**
 * The admin API under `/_admin`: one route per operation of the admin contract, registered from
 * its operation table like the platform's, each requiring the scope its `security` names (`admin`,
 * which `*` and `operator` include, or `operator`); what a call reaches is its handler's to decide
 * (admin-caller.ts).
 * Admin routes opt out of the per-token rate limit (a test suite resetting before each test must
 * not run out of budget) but not of the per-address limit on failed authentications, which the
 * auth hook applies to every route with a scope; they are not journaled either (the journal
 * records platform routes only). Large bodies are validated on a body worker, as the platform's.
 */
import { ADMIN_DEPRECATIONS } from '@assistant-platform/types';
import { ADMIN_OPERATIONS } from '@assistant-platform/types/admin';
import type { FastifyInstance } from 'fastify';
import { registerContractRoutes } from '../contract/contract-routes.js';
import type { AdminDeps } from './admin-deps.js';
import { chatFixtureHandlers } from './chat-fixture-routes.js';
import { FAULT_OPERATIONS, faultHandlers } from './fault-routes.js';
import { featureOffHandlers } from './feature-off.js';
import { journalHandlers } from './journal-routes.js';
import { journalStreamHandler } from './journal-stream.js';
import { metricsHandlers } from './metrics-route.js';
import { stateHandlers } from './state-routes.js';
import { tokenHandlers } from './token-routes.js';
import { violationHandlers } from './violation-routes.js';

export const ADMIN_PREFIX = '/_admin';

export async function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  await app.register(
    async (admin) => {
      registerContractRoutes(
        admin,
        deps.validator,
        {
          ...journalHandlers(deps),
          ...stateHandlers(deps),
          ...(deps.featuresOff.has('faults')
            ? featureOffHandlers('faults', FAULT_OPERATIONS)
            : faultHandlers(deps)),
          ...chatFixtureHandlers(deps),
          ...tokenHandlers(deps),
          ...violationHandlers(deps),
          ...(deps.metrics === undefined
            ? featureOffHandlers('metrics', ['scrapeMetrics'])
            : metricsHandlers(deps.metrics)),
          streamRequests: journalStreamHandler(admin, deps.journal),
        },
        {
          config: (adminOperationId) => ({
            scope: ADMIN_OPERATIONS[adminOperationId].scope,
            adminOperationId,
            rateLimit: false,
          }),
          deprecations: ADMIN_DEPRECATIONS,
        },
      );
    },
    { prefix: ADMIN_PREFIX },
  );
}
