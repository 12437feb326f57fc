import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/index.js';

describe('loadConfig: the deadline of queued work', () => {
  it('defaults to 30 s, for the body pool and the engines alike', () => {
    const config = loadConfig({});
    expect(config.workDeadlineMs).toBe(30_000);
    expect(config.engines.pool.deadlineMs).toBe(30_000);
  });

  it('reads WORK_DEADLINE_MS into both', () => {
    const config = loadConfig({ WORK_DEADLINE_MS: '1500' });
    expect(config.workDeadlineMs).toBe(1500);
    expect(config.engines.pool.deadlineMs).toBe(1500);
  });

  it('stops on a deadline under 100 ms or over 10 minutes, naming the variable', () => {
    for (const value of ['0', '99', '600001', 'soon'])
      expect(() => loadConfig({ WORK_DEADLINE_MS: value }), value).toThrow(
        expect.objectContaining({
          constructor: ConfigError,
          message: expect.stringMatching(/WORK_DEADLINE_MS/),
        }),
      );
  });
});
