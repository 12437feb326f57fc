/**
 * The crash trials' rig: real server processes of the fault-test build (crash-build.ts), killed
 * (SIGKILL, by their own crash point) while creates with an `Idempotency-Key` are at one point of
 * the write path, then the same creates retried with the same key through the SDK, against the next
 * process on the same database. A trial is one create that was at the point when its process died.
 * The next processes are started while the current one runs its batch (STARTING_AHEAD), so a kill
 * costs a restart only where the machine starts processes slower than it runs batches. The rig
 * keeps what the SDK acknowledged, for crash-trials.ts to check against the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAssistantClient, type FetchLike } from '@assistant-platform/client';
import type { CrashPoint } from '../../src/pipeline/crash-points.js';
import { TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';

export interface TrialPlan {
  point: CrashPoint;
  trials: number;
  /** Creates killed at once: the crash point's `x-crash-batch`. */
  batch: number;
}

export interface TrialReport extends TrialPlan {
  kills: number;
  replayed: number;
  seconds: number;
  /** Of `seconds`: until each batch's process died, waiting for the next to listen, the retries. */
  phases: { toCrash: number; toNextServer: number; retries: number };
}

interface Acknowledged {
  id: number;
  name: string;
  replayed: boolean;
  point: CrashPoint;
}

interface Running {
  child: ChildProcess;
  origin: string;
  exited: Promise<void>;
}

/**
 * A chat, answered once the engines have loaded: a process starting loads them in the background,
 * on its event loop, which would otherwise stall the first retries sent to it.
 */
async function warmUp(origin: string): Promise<void> {
  const answer = await fetch(`${origin}/v1/agents/chat/request`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' },
    body: JSON.stringify(testChatBody()),
  });
  if (answer.status !== 200) throw new Error(`warming up ${origin} answered ${answer.status}`);
  await answer.arrayBuffer();
}

const alive = (running: Running | undefined): running is Running =>
  running !== undefined && running.child.exitCode === null && running.child.signalCode === null;

/** A create's key: its name, spaces as hyphens (a key is visible ASCII). */
const keyOf = (name: string) => name.replaceAll(' ', '-');

/**
 * Processes started ahead of the kills: a start costs about half a second of CPU, a batch far
 * less, so two starting at once keep both cores of a small machine busy.
 */
const STARTING_AHEAD = 2;

/** How long a batch may take to reach its crash point; far more than it ever needs. */
const CRASH_WITHIN_MS = 60_000;

export class CrashRig {
  readonly #cli: string;
  readonly #env: Record<string, string>;
  readonly #seed: string;
  readonly #started = new Set<ChildProcess>();
  #current: Running | undefined;
  /** Settles when the process running now is replaced by the next (see #fetch). */
  #replaced: Promise<void> = Promise.resolve();
  #handedOver: () => void = () => undefined;
  /** Processes starting, in order: the next kill hands over to the first. */
  readonly #starting: Promise<Running>[] = [];
  /** Keys whose first attempt went out: their retries go without the crash headers. */
  readonly #sent = new Set<string>();
  #crash: { point: CrashPoint; batch: number } | undefined;
  readonly acknowledged = new Map<string, Acknowledged>();

  constructor(cli: string, databaseUrl: string) {
    this.#cli = cli;
    this.#env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' };
    this.#seed = join(mkdtempSync(join(tmpdir(), 'crash-seed-')), 'seed.json');
    writeFileSync(this.#seed, JSON.stringify(testSeed));
  }

  #spawn(): Promise<Running> {
    const child = spawn(process.execPath, [this.#cli, 'serve', '--port', '0', '--seed', this.#seed], {
      env: { ...process.env, ...this.#env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#started.add(child);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let output = '';
    const listening = new Promise<string>((resolve, reject) => {
      const onData = (data: Buffer) => {
        output += data.toString();
        const match = /listening on (http:\/\/[^\s/]+)\/v1/.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}): ${output}`)));
    });
    return listening.then(async (origin) => {
      await warmUp(origin);
      return { child, origin, exited };
    });
  }

  /** The SDK's fetch: every attempt to the process running now; a trial's first with its crash point. */
  readonly #fetch: FetchLike = async (input, init) => {
    const url = new URL(String(input));
    // As a balancer that knows an instance is down, send no attempt to a process that died.
    while (!alive(this.#current)) await this.#replaced;
    const current = this.#current as Running;
    const headers = new Headers(init?.headers);
    const key = headers.get('idempotency-key') ?? '';
    if (this.#crash && key.startsWith('trial-') && !this.#sent.has(key)) {
      this.#sent.add(key);
      headers.set('x-crash-at', this.#crash.point);
      headers.set('x-crash-batch', String(this.#crash.batch));
    }
    return fetch(`${current.origin}${url.pathname}${url.search}`, { ...init, headers });
  };

  readonly #sdk = createAssistantClient({
    baseUrl: 'http://crash-trials.invalid/v1',
    token: TEST_TOKENS.all,
    fetch: this.#fetch,
    maxRetries: 30,
  });

  async start(): Promise<void> {
    this.#current = await this.#spawn();
    for (let i = 0; i < STARTING_AHEAD; i++) this.#startOneMore();
  }

  #startOneMore(): void {
    const starting = this.#spawn();
    // Awaited when its turn comes; a failure before that is reported then.
    starting.catch(() => undefined);
    this.#starting.push(starting);
  }

  /** One create acknowledged by a process that will be killed later: it must outlive the kill. */
  async #acknowledgedBeforeTheKill(point: CrashPoint, n: number): Promise<void> {
    const name = `kept ${point} ${n}`;
    const answer = await this.#sdk.agents.create.withResponse(
      { name, instruction: 'x' },
      { idempotencyKey: keyOf(name) },
    );
    this.acknowledged.set(name, { id: answer.data.id, name, replayed: false, point });
  }

  async run(plan: TrialPlan): Promise<TrialReport> {
    const started = performance.now();
    const { point, trials, batch } = plan;
    this.#crash = { point, batch };
    let kills = 0;
    let replayed = 0;
    const phases = { toCrash: 0, toNextServer: 0, retries: 0 };
    let mark = performance.now();
    const lap = (phase: keyof typeof phases) => {
      const now = performance.now();
      phases[phase] += (now - mark) / 1000;
      mark = now;
    };
    for (let first = 0; first < trials; first += batch) {
      mark = performance.now();
      await this.#acknowledgedBeforeTheKill(point, kills);
      const names = Array.from(
        { length: Math.min(batch, trials - first) },
        (_, i) => `trial ${point} ${first + i}`,
      );
      if (names.length < batch) this.#crash = { point, batch: names.length };
      const creates = Promise.all(
        names.map((name) =>
          this.#sdk.agents.create.withResponse({ name, instruction: 'x' }, { idempotencyKey: keyOf(name) }),
        ),
      );
      // Awaited once the process is down; a failure before that is still reported there.
      creates.catch(() => undefined);
      const current = this.#current as Running;
      let timer: NodeJS.Timeout | undefined;
      this.#replaced = new Promise((resolve) => {
        this.#handedOver = resolve;
      });
      const crashed = await Promise.race([
        current.exited.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), CRASH_WITHIN_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!crashed) throw new Error(`the server did not crash at ${point} within ${CRASH_WITHIN_MS} ms`);
      kills++;
      lap('toCrash');
      this.#current = await (this.#starting.shift() as Promise<Running>);
      this.#handedOver();
      this.#startOneMore();
      lap('toNextServer');
      const answers = await creates;
      lap('retries');
      answers.forEach((answer, i) => {
        const name = names[i] as string;
        const wasReplayed = answer.response.headers.get('idempotent-replayed') === 'true';
        if (wasReplayed) replayed++;
        this.acknowledged.set(name, { id: answer.data.id, name, replayed: wasReplayed, point });
      });
    }
    this.#crash = undefined;
    return { ...plan, kills, replayed, seconds: (performance.now() - started) / 1000, phases };
  }

  /** One line of what `report` took, for the suite's output. */
  static describe(store: string, report: TrialReport): string {
    const { toCrash, toNextServer, retries } = report.phases;
    return (
      `crash trials on ${store}, ${report.point}: ${report.trials} trials, ${report.kills} kills, ` +
      `${report.seconds.toFixed(1)} s (to crash ${toCrash.toFixed(1)} s, waiting for the next server ` +
      `${toNextServer.toFixed(1)} s, retries ${retries.toFixed(1)} s), load average ${loadavg()[0]?.toFixed(1)}`
    );
  }

  /** Every agent of the database, read through the process running now. */
  async agents(): Promise<{ id: number; name: string }[]> {
    const current = this.#current as Running;
    const answer = await fetch(`${current.origin}/_admin/state`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.admin}` },
    });
    return ((await answer.json()) as { data: { agents: { id: number; name: string }[] } }).data.agents;
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.#starting);
    const running = [...this.#started].filter(
      (child) => child.exitCode === null && child.signalCode === null,
    );
    for (const child of running) child.kill('SIGKILL');
    await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  }
}
