/**
 * A port of 127.0.0.1 free right now: an instance that restarts must come back on the port the
 * balancer's configuration names, so the suites choose ports rather than let the system pick.
 */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
    probe.on('error', reject);
  });
}
