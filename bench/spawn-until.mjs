// Shared by the benchmarks that run a server in its own process.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Spawns `node ...args` and resolves once a whole line of its output matches `pattern`, with the
 * child, the match, its capture 1 as a number (`port`, for patterns that capture one) and the
 * milliseconds it took. Only whole lines are matched, so a capture is never cut at a chunk's end.
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
      const lineStart = out.lastIndexOf('\n') + 1;
      out += data;
      for (const line of out.slice(lineStart).split('\n').slice(0, -1)) {
        const match = pattern.exec(line);
        if (match)
          return resolve({ child, match, port: Number(match[1]), readyMs: performance.now() - started });
      }
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code}: ${out}`)));
  });
}

/** A port that is free right now (a server must listen on a known port to be polled from spawn). */
export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
