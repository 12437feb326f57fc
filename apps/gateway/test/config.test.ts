/** Start-up configuration: defaults, and a clear message naming each bad variable. */

import { ConfigError } from '@assistant-platform/types';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 4020,
      host: '127.0.0.1',
      upstreamBaseUrl: 'http://127.0.0.1:4010/v1',
      upstreamTimeoutMs: 60_000,
      upstreamIdleTimeoutMs: 60_000,
      upstreamMaxRetries: 0,
      agentCacheTtlMs: 5_000,
      agentCacheMaxEntries: 10_000,
      logLevel: 'info',
      corsOrigins: '*',
    });
  });

  it('reads the environment and drops a trailing slash of the upstream URL', () => {
    const config = loadConfig({
      GATEWAY_PORT: '5000',
      UPSTREAM_BASE_URL: 'https://platform.internal/v1/',
      UPSTREAM_TIMEOUT_MS: '1500',
      UPSTREAM_IDLE_TIMEOUT_MS: '2500',
      AGENT_CACHE_TTL_MS: '0',
    });
    expect(config).toMatchObject({
      port: 5000,
      upstreamBaseUrl: 'https://platform.internal/v1',
      upstreamTimeoutMs: 1500,
      upstreamIdleTimeoutMs: 2500,
      agentCacheTtlMs: 0,
    });
  });

  it('reads CORS_ORIGINS as the listed origins; a non-origin stops start-up', () => {
    expect(loadConfig({ CORS_ORIGINS: 'http://localhost:5173' }).corsOrigins).toEqual([
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'http://localhost:5173/app' })).toThrow(
      /CORS_ORIGINS: .*not an origin/,
    );
  });

  it('refuses an UPSTREAM_BASE_URL not ending in /v1, saying what to write', () => {
    expect(() => loadConfig({ UPSTREAM_BASE_URL: 'http://127.0.0.1:4010' })).toThrow(
      "UPSTREAM_BASE_URL: must be the platform's API root, ending in /v1, e.g. http://127.0.0.1:4010/v1",
    );
  });

  it('names every bad variable in one error', () => {
    const load = () =>
      loadConfig({ GATEWAY_PORT: 'eighty', UPSTREAM_BASE_URL: 'ftp://x', UPSTREAM_TIMEOUT_MS: '-1' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/GATEWAY_PORT[\s\S]*UPSTREAM_BASE_URL[\s\S]*UPSTREAM_TIMEOUT_MS/);
  });
});
