/**
 * The request pipeline's features are Fastify plugins that declare what they need of the stages
 * before them (plugins/request-pipeline.ts): registered out of order, or without those stages, the
 * app refuses to start, naming what is missing, instead of serving requests a stage never saw.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FaultRules } from '../../src/admin/fault-rules.js';
import { loadConfig } from '../../src/config/load-config.js';
import { faultsPlugin } from '../../src/pipeline/faults/fault-hook.js';
import { idempotencyPlugin } from '../../src/pipeline/idempotency.js';
import { tenancyLimitsPlugin } from '../../src/plugins/tenancy-limits.js';

const config = loadConfig({ DATABASE_URL: ':memory:' });

describe('feature plugins', () => {
  it('faults refuse to start before the tenancy limits, whose in-flight slots a held request takes', async () => {
    const app = Fastify();
    app.decorateRequest('auth', null);
    app.decorateRequest('fault', null);
    app.register(faultsPlugin, { rules: new FaultRules(1) });
    await expect(app.ready()).rejects.toThrow("The decorator 'inFlight' required by 'faults' is not present");
  });

  it('faults start after authentication and the tenancy limits', async () => {
    const app = Fastify();
    app.decorateRequest('auth', null);
    app.decorateRequest('fault', null);
    app.register(tenancyLimitsPlugin, { config, admission: true, shared: undefined });
    app.register(faultsPlugin, { rules: new FaultRules(1) });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('the tenancy limits refuse to start without authentication, whose token they count against', async () => {
    const app = Fastify();
    app.register(tenancyLimitsPlugin, { config, admission: true, shared: undefined });
    await expect(app.ready()).rejects.toThrow(
      "The decorator 'auth' required by 'tenancy-limits' is not present",
    );
  });

  it('idempotency refuses to start without the body parser, which hashes a keyed body', async () => {
    const app = Fastify();
    app.decorateRequest('auth', null);
    app.register(idempotencyPlugin, {
      store: {} as never,
      validator: {} as never,
      options: { retentionMs: 1, maxRecords: 1, transactional: new Set<never>() },
    });
    await expect(app.ready()).rejects.toThrow(
      "The decorator 'bodyHash' required by 'idempotency' is not present",
    );
  });
});
