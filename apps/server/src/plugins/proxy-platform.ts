import type { ContractValidator } from '@assistant-platform/types/validation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CassetteRecorder } from '../cassettes/cassette-recorder.js';
import type { ProxyConfig } from '../config/proxy-config.js';
import type { ViolationsStore } from '../contract/admin-stores.js';
import type { BodyPool } from '../pipeline/body/body-pool.js';
import { registerProxyRoutes } from '../proxy/proxy-route.js';
import type { TargetClient } from '../proxy/target-client.js';

export interface ProxyPlatformOptions {
  config: ProxyConfig;
  target: TargetClient;
  validator: ContractValidator;
  bodies: BodyPool;
  /** The violations summary of `/_admin/violations`. */
  violations: ViolationsStore;
}

/**
 * Proxy mode (`proxy --target`): every platform request under `/v1` is forwarded to the target and
 * its exchange checked against the contract (proxy/proxy-route.ts); with `--record`, each complete
 * exchange becomes a cassette. No engine loads. app.ts loads this module, and with it the proxy's
 * and the recorder's, only in proxy mode.
 */
async function proxyPlatform(
  app: FastifyInstance,
  { config, target, validator, bodies, violations }: ProxyPlatformOptions,
): Promise<void> {
  app.decorate('enginesReady', Promise.resolve());
  app.decorate('enginePool', () => undefined);
  app.addHook('onClose', () => target.close());
  const { recordDir, redactHeaders, redactQuery } = config;
  const recorder =
    recordDir === undefined
      ? undefined
      : new CassetteRecorder(
          recordDir,
          { headers: redactHeaders, query: redactQuery },
          app.log.child({ component: 'recorder' }),
        );
  await registerProxyRoutes(app, { target, validator, bodies, recorder, violations });
}

export { createTargetClient } from '../proxy/target-client.js';

export const proxyPlatformPlugin = fp(proxyPlatform, { name: 'proxy-platform', fastify: '5.x' });
