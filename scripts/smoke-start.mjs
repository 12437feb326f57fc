#!/usr/bin/env node
// Proves the README's first command: `pnpm start` builds (saying so), serves the reference server and
// the gateway, and both answer. CI runs it after the tests; it stops everything it started, and exits 1 on failure.
import { spawn } from 'node:child_process';

const TIMEOUT_MS = 180_000;
const child = spawn('pnpm', ['start'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let output = '';
const ready = new Promise((resolve, reject) => {
  const onData = (data) => {
    output += data.toString();
    const server = /Reference server: (\S+)/.exec(output);
    const gateway = /Gateway \(tRPC\): +(\S+)\/trpc/.exec(output);
    if (server && gateway) resolve({ server: server[1], gateway: gateway[1] });
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.once('exit', (code) => reject(new Error(`pnpm start exited with ${code}`)));
  setTimeout(() => reject(new Error(`pnpm start was not ready after ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref();
});

async function expectStatus(url, init, status) {
  const response = await fetch(url, init);
  if (response.status !== status) throw new Error(`${url} answered ${response.status}, expected ${status}`);
  return response;
}

let failed = false;
try {
  const { server, gateway } = await ready;
  // A silent first build of about a minute looked like a hang.
  if (!/Building (the packages|what changed)/.test(output))
    throw new Error('the build step did not announce itself');
  const auth = { headers: { authorization: 'Bearer dev-token' } };
  await expectStatus(server.replace(/\/v1$/, '/healthz'), {}, 200);
  const agent = await (await expectStatus(`${server}/agents/view/1`, auth, 200)).json();
  // The console's build is part of `pnpm build`: a missing one answers 404 here.
  if (!/Console: +\S+\/console/.test(output)) throw new Error('the console address was not printed');
  await (await expectStatus(server.replace(/\/v1$/, '/console'), {}, 200)).body?.cancel();
  await expectStatus(`${gateway}/healthz`, {}, 200);
  const viaGateway = await expectStatus(
    `${gateway}/trpc/agents.get?input=${encodeURIComponent(JSON.stringify({ id: '1' }))}`,
    auth,
    200,
  );
  console.log(`pnpm start: server ${server} and gateway ${gateway} answer (agent "${agent.data.name}").`);
  await viaGateway.body?.cancel();
} catch (error) {
  failed = true;
  console.error(`pnpm start smoke test failed: ${error.message}\n${output}`);
} finally {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {}
}
process.exit(failed ? 1 : 0);
