import type { FastifyInstance } from 'fastify';
import { build } from './app.js';
import { loadConfig } from './config/load-config.js';
import type { SeedInput } from './seed/apply-startup-data.js';

export interface StartReferenceServerOptions {
  /** Configuration variables; defaults: in-memory database, port 0, silent logs. */
  env?: Record<string, string>;
  /** Fixtures, as a seed object or the path of a seed file. */
  seed?: SeedInput;
}

export interface ReferenceServer {
  /** The origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** `url + '/v1'`: the API's base URL. */
  baseUrl: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts a real reference server on 127.0.0.1 and a free port; for tests and tools. */
export async function startReferenceServer(
  options: StartReferenceServerOptions = {},
): Promise<ReferenceServer> {
  const config = loadConfig({
    DATABASE_URL: ':memory:',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    ...options.env,
    PORT: '0',
  });
  const app = await build(config, options.seed === undefined ? {} : { seed: options.seed });
  await app.enginesReady;
  await app.listen({ port: 0, host: config.host });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const url = `http://${config.host}:${address.port}`;
  const close = async () => {
    // A test that leaves a stream open must not hang the suite: cut what is left after a grace period.
    const grace = setTimeout(() => app.server.closeAllConnections(), 1000);
    try {
      await app.close();
    } finally {
      clearTimeout(grace);
    }
  };
  return { url, baseUrl: `${url}/v1`, app, close };
}
