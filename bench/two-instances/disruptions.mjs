/**
 * Part 2 of bench/two-instances.mjs: what clients see through the balancer while the deployment is
 * disrupted, phase by phase, against steady state. Readers call GET agent with plain fetch (no
 * retry: what the wire carries) and with the SDK (its retries: what an application sees); writers
 * create agents with an Idempotency-Key, sent again with the same key until acknowledged. Every
 * answer is checked to be the platform's envelope; at the end the database says how many times
 * each keyed create was written.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { ERROR_MESSAGES, RATE_LIMIT_MESSAGES } from '../../packages/types/dist/index.js';
import { TOKEN, until } from './processes.mjs';

const { createAssistantClient } = await import('../../packages/client/dist/index.js');
const pg = createRequire(new URL('../../tests/postgres/package.json', import.meta.url))('pg');
const auth = { authorization: `Bearer ${TOKEN}` };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (text = '', pattern) => text.match(pattern)?.length ?? 0;

function isEnvelope(status, type, text) {
  if (!type?.startsWith('application/json')) return false;
  try {
    const body = JSON.parse(text);
    return status < 300
      ? body.success === true
      : body.success === false &&
          (status === 429
            ? RATE_LIMIT_MESSAGES.includes(body.message)
            : body.message === ERROR_MESSAGES[status]);
  } catch {
    return false;
  }
}

const newPhase = (name) => ({
  name,
  gets: 0,
  getErrors: 0,
  latencies: [],
  sdkGets: 0,
  sdkErrors: 0,
  notEnvelopes: 0,
  attempts: 0,
  failedAttempts: 0,
  /** Failed answers by status (0: no answer), readers' and writers' alike. */
  failures: new Map(),
});
const failed = (into, status) => into.failures.set(status, (into.failures.get(status) ?? 0) + 1);

export async function disruptions(deployment) {
  const { balancer, instances } = deployment;
  const phases = [];
  let phase = newPhase('steady');
  phase.logFrom = balancer.output().length;
  phases.push(phase);
  let stopped = false;
  const sdk = createAssistantClient({ baseUrl: `${balancer.origin}/v1`, token: TOKEN });
  /** Sends one request; counts it in `into`; the status, or 0 without an answer. */
  const send = async (into, url, init) => {
    try {
      const answer = await fetch(url, init);
      const text = await answer.text();
      if (!isEnvelope(answer.status, answer.headers.get('content-type'), text)) into.notEnvelopes++;
      return answer.status;
    } catch {
      return 0;
    }
  };
  const readers = Array.from({ length: 8 }, async () => {
    while (!stopped) {
      const into = phase;
      const started = performance.now();
      const status = await send(into, `${balancer.origin}/v1/agents/view/1`, { headers: auth });
      into.latencies.push(performance.now() - started);
      into.gets++;
      if (status !== 200) {
        into.getErrors++;
        failed(into, status);
      }
    }
  });
  const sdkReaders = Array.from({ length: 4 }, async () => {
    while (!stopped) {
      const into = phase;
      await sdk.agents.get(1).then(
        () => into.sdkGets++,
        (error) => {
          into.sdkErrors++;
          failed(into, `SDK ${error.status ?? error.name}`);
        },
      );
    }
  });
  const creates = new Map();
  const writers = Array.from({ length: 4 }, async (_, writer) => {
    for (let n = 0; !stopped; n++) {
      const name = `bench ${writer}-${n}`;
      const created = { phase, acknowledged: false };
      creates.set(name, created);
      const headers = { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
      const body = JSON.stringify({ name, instruction: 'Answer briefly.' });
      for (let attempt = 0; attempt < 240 && !created.acknowledged; attempt++) {
        // Counted in the phase the create began in, as the create itself.
        const into = created.phase;
        into.attempts++;
        const status = await send(into, `${balancer.origin}/v1/agents/create`, {
          method: 'POST',
          headers,
          body,
        });
        if (status === 201) created.acknowledged = true;
        else {
          into.failedAttempts++;
          failed(into, status);
          await sleep(250);
        }
      }
    }
  });
  /** A new phase, a second before its disruption: what is in flight then belongs to it. */
  const next = async (name) => {
    phase.log = balancer.output().slice(phase.logFrom);
    phase = newPhase(name);
    phase.logFrom = balancer.output().length;
    phases.push(phase);
    await sleep(1_000);
  };

  console.log('\nDisruptions (8 plain readers, 4 SDK readers, 4 keyed writers through the balancer)');
  await sleep(10_000);
  await next('kill -9 one instance, start it again');
  await deployment.stop(instances[0], 'SIGKILL');
  await sleep(10_000);
  await deployment.start(instances[0]);
  await until(balancer, 'server-1', 'UP');
  await sleep(3_000);
  await next('10 rolling restarts (SIGTERM)');
  for (let restart = 0; restart < 10; restart++) {
    const instance = instances[restart % 2];
    await deployment.stop(instance, 'SIGTERM');
    await deployment.start(instance);
    await until(balancer, `server-${(restart % 2) + 1}`, 'UP');
  }
  await sleep(3_000);
  await next('one instance cut off from Redis for 8 s');
  await instances[0].redis.cut();
  await sleep(8_000);
  await instances[0].redis.restore();
  await until(balancer, 'server-1', 'UP');
  await sleep(3_000);
  stopped = true;
  await Promise.all([...readers, ...sdkReaders, ...writers]);
  phase.log = balancer.output().slice(phase.logFrom);

  const client = new pg.Client({ connectionString: deployment.databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    "select name, count(*)::int as count from agents where name like 'bench %' group by name",
  );
  await client.end();
  const written = new Map(rows.map((row) => [row.name, row.count]));
  for (const p of phases) {
    const ofPhase = [...creates].filter(([, created]) => created.phase === p);
    const notOnce = ofPhase.filter(([name]) => written.get(name) !== 1).length;
    const unacknowledged = ofPhase.filter(([, created]) => !created.acknowledged).length;
    const sorted = p.latencies.sort((x, y) => x - y);
    const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
    console.log(
      `${p.name.padEnd(40)} GET ${String(p.gets).padStart(6)}, errors ${p.getErrors}, p99 ${p99.toFixed(0)} ms | SDK GET ${p.sdkGets}, errors ${p.sdkErrors} | ` +
        `not envelopes ${p.notEnvelopes} | keyed creates ${ofPhase.length} (attempts ${p.attempts}, failed ${p.failedAttempts}), unacknowledged ${unacknowledged}, written other than once ${notOnce}` +
        (p.failures.size > 0
          ? ` | failed answers by status ${JSON.stringify(Object.fromEntries(p.failures))}`
          : '') +
        ` | balancer: ${count(p.log, /<NOSRV>.* 503 /g)} answered 503 itself (no instance up), ` +
        `${count(p.log, /^Server instances\/\S+ is DOWN/gm)} instances taken out`,
    );
  }
}
