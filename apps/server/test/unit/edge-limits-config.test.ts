import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/index.js';

describe('loadConfig: time, failed-auth and in-flight limits', () => {
  it('defaults to the limits the contract names', () => {
    expect(loadConfig({})).toMatchObject({
      timeouts: { headersMs: 10_000, requestMs: 30_000 },
      authFailureLimit: { max: 60, windowMs: 60_000 },
      maxHeavyRequestsPerToken: 4,
    });
  });

  it('reads each variable', () => {
    const config = loadConfig({
      HEADERS_TIMEOUT_MS: '2000',
      REQUEST_TIMEOUT_MS: '5000',
      AUTH_FAILURE_LIMIT_MAX: '10',
      AUTH_FAILURE_LIMIT_WINDOW_MS: '1000',
      MAX_HEAVY_REQUESTS_PER_TOKEN: '1',
    });
    expect(config).toMatchObject({
      timeouts: { headersMs: 2000, requestMs: 5000 },
      authFailureLimit: { max: 10, windowMs: 1000 },
      maxHeavyRequestsPerToken: 1,
    });
  });

  it('stops on a value that is not a positive integer, naming the variable', () => {
    for (const name of [
      'HEADERS_TIMEOUT_MS',
      'REQUEST_TIMEOUT_MS',
      'AUTH_FAILURE_LIMIT_MAX',
      'AUTH_FAILURE_LIMIT_WINDOW_MS',
      'MAX_HEAVY_REQUESTS_PER_TOKEN',
    ]) {
      for (const value of ['0', '-1', '1.5', 'soon'])
        expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
    }
  });

  it('stops when the headers may take longer than the whole request', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/,
    );
  });
});
