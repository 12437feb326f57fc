import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAdminRoutes } from '../admin/admin-routes.js';
import type { ServerConfig } from '../config/load-config.js';
import { adminValidator } from '../contract/admin-validator.js';
import type { InstanceState } from '../instance-state.js';
import type { ServerMetrics } from '../pipeline/metrics/server-metrics.js';

export interface AdminApiOptions {
  config: ServerConfig;
  state: InstanceState;
  /** Undefined with FEATURES_OFF=metrics: `GET /_admin/metrics` then answers 501. */
  metrics: ServerMetrics | undefined;
}

/**
 * The admin API under `/_admin` (admin/admin-routes.ts) on the instance's stores: the same journal,
 * fault rules, chat fixtures and violations the request pipeline and the operations use, and what a
 * reset goes back to.
 */
async function adminApi(app: FastifyInstance, { config, state, metrics }: AdminApiOptions): Promise<void> {
  const { cassettes, connection } = state;
  await registerAdminRoutes(app, {
    store: state.store,
    validator: adminValidator(),
    journal: state.journal,
    faultRules: state.faultRules,
    chatFixtures: state.chatFixtures,
    violations: state.violations,
    ...(cassettes === undefined ? {} : { restartReplay: () => cassettes.restart() }),
    startupState: state.startupState,
    chatFixturesPath: config.chatFixturesPath,
    startupChatFixtures: state.startupChatFixtures,
    metrics,
    featuresOff: config.featuresOff,
    ...(connection === undefined ? {} : { sharedStateReachable: connection.assertReachable }),
  });
}

/** Registered last: the request pipeline's hooks (authentication, the failed-auth limit) cover it. */
export const adminApiPlugin = fp(adminApi, {
  name: 'admin-api',
  fastify: '5.x',
  dependencies: ['request-pipeline'],
});
