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

  return {
    api: `http://127.0.0.1:${settings.apiPort}`,
    gateway: `http://127.0.0.1:${settings.gatewayPort}`,
    compose,
    /** The service's container id ('' when it has none). */
    async containerOf(service: string): Promise<string> {
      return (await compose(['ps', '--all', '--quiet', service])).trim();
    },
    /** What the service's container has logged so far (its current container, all of it). */
    async logsOf(service: string): Promise<string> {
      return compose(['logs', '--no-color', '--no-log-prefix', service]);
    },
    /** The health Docker reports for the service's container ('healthy', 'starting', …). */
    async healthOf(service: string): Promise<string> {
      const id = (await compose(['ps', '--all', '--quiet', service])).trim();
      if (id === '') return 'absent';
      const state = await mustRun('docker', [
        'inspect',
        '--format',
        '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}',
        id,
      ]);
      return state.trim();
    },
  };
}

export type ComposeProject = ReturnType<typeof composeProject>;
