/**
 * Part 3 of bench/two-instances.mjs: a token used on one instance (so its cache holds it), revoked
 * through the other, timed from the revocation's answer until the first instance first answers
 * 401, polled every 2 ms (issue: within a second).
 */
import { TOKEN } from './processes.mjs';

const REVOCATIONS = Number(process.env.BENCH_REVOCATIONS ?? 20);
const GOAL_REVOCATION_MS = 1000;
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

export async function revocationDelays(deployment) {
  const [one, two] = deployment.instances.map((instance) => instance.origin);
  const delays = [];
  for (let i = 0; i < REVOCATIONS; i++) {
    const created = await fetch(`${one}/_admin/tokens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ accountId: 1, name: `revoked ${i}`, scopes: ['agents:read'] }),
    });
    const { token, record } = (await created.json()).data;
    const use = () =>
      fetch(`${two}/v1/agents/view/1`, { headers: { authorization: `Bearer ${token}` } }).then((answer) =>
        answer.arrayBuffer().then(() => answer.status),
      );
    if ((await use()) !== 200) throw new Error('a new token was refused');
    const revoked = await fetch(`${one}/_admin/tokens/${record.id}`, {
      method: 'DELETE',
      headers: { authorization: headers.authorization },
    });
    await revoked.arrayBuffer();
    if (revoked.status !== 200) throw new Error(`the revocation answered ${revoked.status}`);
    const since = performance.now();
    while ((await use()) !== 401) await new Promise((resolve) => setTimeout(resolve, 2));
    delays.push(performance.now() - since);
  }
  delays.sort((x, y) => x - y);
  const worst = delays.at(-1);
  console.log(
    `\ntoken revoked through one, refused by the other after: p50 ${delays[Math.floor(delays.length / 2)].toFixed(1)} ms, ` +
      `max ${worst.toFixed(1)} ms over ${REVOCATIONS} (goal ≤ ${GOAL_REVOCATION_MS} ms: ${worst <= GOAL_REVOCATION_MS ? 'met' : 'MISSED'})`,
  );
}
