/**
 * Runs the gateway: build, listen, and on a signal (or its parent's end) stop accepting, let calls in
 * flight finish and exit. Returns the running app and its URL so embedders (and `pnpm start`) can print it.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.js';
import { type BuildOptions, buildGateway } from './http/app.js';

export interface RunningGateway {
  app: FastifyInstance;
  /** e.g. `http://127.0.0.1:4020`; tRPC is at `${url}/trpc`. */
  url: string;
  close(): Promise<void>;
}

export async function startGateway(
  config: GatewayConfig,
  options: BuildOptions = {},
): Promise<RunningGateway> {
  const app = await buildGateway(config, options);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { app, url: `http://${host}:${port}`, close: () => app.close() };
}

/**
 * Closes the gateway on the first SIGINT, SIGTERM or SIGHUP (the terminal closed), or when the parent
 * that started it with an IPC channel goes away (`pnpm start` does: even killed with SIGKILL, its
 * channel ends); a second signal exits at once.
 */
export function closeOnSignals(gateway: RunningGateway): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals | 'disconnect') => {
    if (closing) {
      if (signal !== 'disconnect') process.exit(1);
      return;
    }
    closing = true;
    gateway.app.log.info({ signal }, 'shutting down');
    gateway.close().then(
      () => process.exit(0),
      (error: unknown) => {
        gateway.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  process.once('disconnect', () => onSignal('disconnect'));
  // A parent gone during start-up, before that listener existed, told nobody.
  if (process.send !== undefined && !process.connected) onSignal('disconnect');
}
