/**
 * The server's Prometheus metrics (prom-client), in a registry of this app's own rather than
 * prom-client's global one, so several apps in one process (tests, `startReferenceServer()`) each
 * count their own requests. Counters and histograms are fed by the request hooks
 * (metrics-hooks.ts); what a gauge can read when asked (the journal, the engine pool, whether the
 * database and Redis answer) is read at scrape time, so it costs nothing between scrapes.
 *
 * Labels stay bounded: `operation` is an operationId of one of the two contracts (or `proxy`,
 * `other`, `unmatched`), `status` an HTTP status, `reason` one of REFUSAL_REASONS.
 */
import type { EnginePoolStats } from '@assistant-platform/engines/types';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

const PREFIX = 'assistant_server_';

/** Why a request was refused before its operation ran (see metrics-hooks.ts for how each is told). */
export const REFUSAL_REASONS = [
  'unauthenticated',
  'forbidden',
  'rate_limit',
  'auth_failure_limit',
  'busy',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** What the gauges read when Prometheus scrapes; each may be absent (no Redis, proxy mode). */
export interface MetricsProbes {
  databaseUp(): Promise<boolean>;
  redisUp?: () => Promise<boolean>;
  journalEntries(): number | Promise<number>;
  /** Undefined while the engines load, and in proxy mode. */
  enginePool(): EnginePoolStats | undefined;
}

export interface ServerMetrics {
  readonly registry: Registry;
  readonly requests: Counter<'operation' | 'status'>;
  readonly duration: Histogram<'operation'>;
  readonly refusals: Counter<'reason'>;
  readonly openStreams: Gauge;
  readonly firstEvent: Histogram;
}

export function createServerMetrics(probes: MetricsProbes): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const refusals = new Counter({
    name: `${PREFIX}refusals_total`,
    help: 'Requests refused before their operation ran, by reason.',
    labelNames: ['reason'],
    registers,
  });
  // Every reason shows from the first scrape (at 0), so a rate() over it has a start.
  for (const reason of REFUSAL_REASONS) refusals.inc({ reason }, 0);
  const pool = (read: (stats: EnginePoolStats) => number) =>
    function (this: Gauge) {
      const stats = probes.enginePool();
      if (stats !== undefined) this.set(read(stats));
    };
  new Gauge({
    name: `${PREFIX}engine_tasks_waiting`,
    help: "Engine tasks waiting in the worker pool's fair queue.",
    registers,
    collect: pool((stats) => stats.waiting),
  });
  new Gauge({
    name: `${PREFIX}engine_tasks_running`,
    help: 'Engine tasks running on the worker pool.',
    registers,
    collect: pool((stats) => stats.running),
  });
  new Gauge({
    name: `${PREFIX}engine_budget_overruns`,
    help: 'Engine tasks stopped for going over their time or memory budget since start-up.',
    registers,
    collect: pool((stats) => stats.budgetOverruns),
  });
  new Gauge({
    name: `${PREFIX}journal_entries`,
    help: 'Entries the journal of platform requests keeps now.',
    registers,
    async collect() {
      // Shared journal with Redis down: no figure rather than a wrong one (redis_up says why).
      this.set(await Promise.resolve(probes.journalEntries()).catch(() => Number.NaN));
    },
  });
  new Gauge({
    name: `${PREFIX}database_up`,
    help: 'Whether the database can keep writes (1) or not (0), as /healthz asks it.',
    registers,
    async collect() {
      this.set((await probes.databaseUp().catch(() => false)) ? 1 : 0);
    },
  });
  const { redisUp } = probes;
  if (redisUp !== undefined)
    new Gauge({
      name: `${PREFIX}redis_up`,
      help: 'Whether the Redis the instances share answers (1) or not (0), as /healthz asks it.',
      registers,
      async collect() {
        this.set((await redisUp().catch(() => false)) ? 1 : 0);
      },
    });
  return {
    registry,
    refusals,
    requests: new Counter({
      name: `${PREFIX}requests_total`,
      help: 'Requests answered, by operation and HTTP status.',
      labelNames: ['operation', 'status'],
      registers,
    }),
    duration: new Histogram({
      name: `${PREFIX}request_duration_seconds`,
      help: 'Time from a request to the end of its answer (a stream: its last event), by operation.',
      labelNames: ['operation'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    openStreams: new Gauge({
      name: `${PREFIX}open_streams`,
      help: 'Server-Sent Events answers open now (chat streams, the journal stream).',
      registers,
    }),
    firstEvent: new Histogram({
      name: `${PREFIX}stream_first_event_seconds`,
      help: "Time from a streamed request to its answer's first event.",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
  };
}
