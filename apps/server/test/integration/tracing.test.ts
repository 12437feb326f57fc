/**
 * With OpenTelemetry tracing on, every log line of a request carries its trace and span ids, its
 * first ("incoming request") included: the built CLI, its JSON logs read as an operator reads them.
 * (The spans themselves are tests/integration/tracing's.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, freePort, startCli, stopAllServers } from '../helpers/cli-process.js';

const CALLER_SPAN = '00f067aa0ba902b7';

afterAll(stopAllServers);

describe('the trace id in log lines', () => {
  it('puts the trace and span ids on every log line of a traced request', async () => {
    ensureBuilt();
    const cli = await startCli(['--seed', 'dev'], {
      DATABASE_URL: ':memory:',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // Nothing listens there: spans are dropped, the log lines are what this test reads.
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    const res = await fetch(`${cli.origin}/v1/agents/view/1`, {
      headers: { authorization: 'Bearer dev-token', traceparent: `00-${'ab'.repeat(16)}-${CALLER_SPAN}-01` },
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    const deadline = Date.now() + 20_000;
    let lines: Record<string, unknown>[] = [];
    while (Date.now() < deadline) {
      lines = cli
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.requestId === requestId);
      if (lines.some((line) => line.msg === 'request completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    for (const line of lines)
      expect(line).toMatchObject({
        traceId: 'ab'.repeat(16),
        spanId: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
    cli.child.kill('SIGTERM');
  });
});
