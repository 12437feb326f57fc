import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/index.js';

const refused = (variable: string) =>
  expect.objectContaining({ constructor: ConfigError, message: expect.stringMatching(new RegExp(variable)) });

describe("loadConfig: what one account may hold, and the pools' priority", () => {
  it('defaults to the limits the contract names, and pool threads 10 below the event loop', () => {
    const config = loadConfig({});
    expect(config.accountAdmission).toEqual({ maxRequests: 32, maxBodyBytes: 40 * 1024 * 1024 });
    expect(config.workerNice).toBe(10);
    expect(config.engines.pool.workerNice).toBe(10);
  });

  it('reads each variable, the nice value into both pools', () => {
    const config = loadConfig({
      ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '4',
      ACCOUNT_MAX_BODY_BYTES_IN_FLIGHT: String(20 * 1024 * 1024),
      WORKER_NICE: '0',
    });
    expect(config.accountAdmission).toEqual({ maxRequests: 4, maxBodyBytes: 20 * 1024 * 1024 });
    expect(config.workerNice).toBe(0);
    expect(config.engines.pool.workerNice).toBe(0);
  });

  it('stops on bytes in flight below the largest body, which could then never arrive', () => {
    expect(() => loadConfig({ ACCOUNT_MAX_BODY_BYTES_IN_FLIGHT: String(10 * 1024 * 1024 - 1) })).toThrow(
      refused('ACCOUNT_MAX_BODY_BYTES_IN_FLIGHT'),
    );
    expect(
      loadConfig({ ACCOUNT_MAX_BODY_BYTES_IN_FLIGHT: String(10 * 1024 * 1024) }).accountAdmission,
    ).toEqual({
      maxRequests: 32,
      maxBodyBytes: 10 * 1024 * 1024,
    });
  });

  it('stops on a value out of range, naming the variable', () => {
    for (const [variable, values] of [
      ['ACCOUNT_MAX_REQUESTS_IN_FLIGHT', ['0', '-1', '1.5', 'many']],
      ['WORKER_NICE', ['-1', '20', '2.5', 'low']],
    ] as const)
      for (const value of values)
        expect(() => loadConfig({ [variable]: value }), `${variable}=${value}`).toThrow(refused(variable));
  });
});
