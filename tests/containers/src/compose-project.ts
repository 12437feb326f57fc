/**
 * The repository's compose.yaml as a project of the suite's own (its own name, so a deployment a
 * developer runs is left alone, and host ports of its own through HOST_API_PORT and
 * HOST_GATEWAY_PORT), driven with the `docker compose` commands a user types.
 */
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { mustRun, type RunOptions } from './run.js';

export const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

export interface ComposeSettings {
  name: string;
  apiPort: number;
  gatewayPort: number;
}

/** A port of 127.0.0.1 free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function composeProject(settings: ComposeSettings) {
  const env = {
    ...process.env,
    HOST_API_PORT: String(settings.apiPort),
    HOST_GATEWAY_PORT: String(settings.gatewayPort),
  };
  const compose = (args: string[], options: RunOptions = {}) =>
    mustRun('docker', ['compose', '--project-name', settings.name, ...args], {
      cwd: REPOSITORY,
      env,
      timeoutMs: 1_800_000,
      ...options,
    });

  /** The service's container id ('' when it has none). */
  const containerOf = async (service: string) => (await compose(['ps', '--all', '--quiet', service])).trim();

  return {
    api: `http://127.0.0.1:${settings.apiPort}`,
    gateway: `http://127.0.0.1:${settings.gatewayPort}`,
    compose,
    /** What the service's container has logged so far (`docker logs`: compose's own adds escapes). */
    async logsOf(service: string): Promise<string> {
      return mustRun('docker', ['logs', await containerOf(service)]);
    },
    /** The state and health Docker reports for the service's container ('running healthy', …). */
    async healthOf(service: string): Promise<string> {
      const id = await containerOf(service);
      if (id === '') return 'absent';
      const format = '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}';
      return (await mustRun('docker', ['inspect', '--format', format, id])).trim();
    },
  };
}
