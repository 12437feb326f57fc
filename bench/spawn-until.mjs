// Shared by the benchmarks that run a server in its own process.
import { spawn } from 'node:child_process';

/**
 * Spawns `node ...args` and resolves once `pattern` appears in its output (capture 1: the port),
 * with the child and the milliseconds it took to get there.
 */
export function spawnUntil(args, env, pattern) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (data) => {
      out += data;
      const match = pattern.exec(out);
      if (match) resolve({ child, port: Number(match[1]), readyMs: performance.now() - started });
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code}: ${out}`)));
  });
}
