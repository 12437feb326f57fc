import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from './app.js';
import { databaseName } from './config/database-url.js';
import type { ServerConfig } from './config/load-config.js';

/**
 * Listens, prints where to find the server, and closes gracefully on SIGTERM, SIGINT or SIGHUP, or
 * when the parent that started it with an IPC channel goes away. SIGTERM, what an orchestrator
 * sends to restart an instance behind a balancer, first drains (see pipeline/drain-on-close.ts).
 */
export async function serve(
  config: ServerConfig,
  print: (line: string) => void = console.log,
): Promise<FastifyInstance> {
  const app = await build(config, { createFirstToken: true });
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw explainListenError(error, config);
  }
  // As soon as it listens: /healthz answers from now on, so an orchestrator that saw it may stop the
  // server before the engines are ready, and what is in flight must drain, not die with the process.
  stopOnSignals(app);
  try {
    // Listening already (health checks and agent routes answer); the banner waits for the engines
    // so a bad engine configuration stops start-up before anyone is told the server is ready.
    await app.enginesReady;
  } catch (error) {
    await app.close();
    throw error;
  }
  const origin = address.replace('[::1]', 'localhost');
  const token = config.devToken ?? app.firstToken;
  const lines = [
    ...modeLines(app, config, origin),
    `API reference: ${origin}/docs  (contract: ${origin}/openapi.yaml)`,
  ];
  lines.push(`Database: ${databaseName(config.database)}`);
  if (config.redis !== undefined)
    lines.push(
      `Shared with the other instances: Redis at ${config.redis.display}, keys ${config.redis.prefix}* (while unreachable: ${config.redis.failure === 'open' ? 'serve with this instance’s own limits' : 'answer 503'})`,
    );
  if (token !== undefined && config.proxy !== undefined) {
    lines.push(`Admin API and console token: ${token}`);
  } else if (token !== undefined) {
    const label =
      config.devToken !== undefined
        ? 'Dev token'
        : 'Created a token with scopes * and operator (shown once, keep it)';
    lines.push(
      `${label}: ${token}`,
      // Creating an agent works on any database, even one with nothing in it yet.
      `Try: curl -H 'Authorization: Bearer ${token}' -H 'content-type: application/json' ` +
        `-d '{"name":"Hello","instruction":"Answer politely."}' ${origin}/v1/agents/create`,
    );
  }
  // One write, so whoever reads the output sees the URL and the token together.
  print(lines.join('\n'));
  return app;
}

/** The banner's first lines: what the server is, where, and in proxy or replay mode what it does. */
function modeLines(app: FastifyInstance, config: ServerConfig, origin: string): string[] {
  if (config.proxy !== undefined)
    return [
      `Assistant Platform validation proxy listening on ${origin}/v1, forwarding to ${config.proxy.target}`,
      `Contract violations: ${origin}/_admin/violations and ${origin}/console`,
      ...(config.proxy.recordDir === undefined
        ? []
        : [`Recording a cassette per exchange in ${resolve(config.proxy.recordDir)}`]),
    ];
  const lines = [`Assistant Platform reference server listening on ${origin}/v1`];
  if (config.replay !== undefined) {
    const { dir, miss, speed } = config.replay;
    lines.push(
      `Replaying ${app.cassettes ?? 0} cassettes from ${resolve(dir)} (a request none matches: ${miss === 'engine' ? 'the engines answer' : '501'}; streams at ${speed}× their recorded timing)`,
    );
  }
  return lines;
}

/**
 * Closes gracefully, then exits, on the first of the ways a server is told to stop: SIGTERM drains
 * first (a balancer stops sending before the server stops listening); a person's Ctrl-C, a closed
 * terminal or a parent gone stop at once, finishing what is in flight.
 */
function stopOnSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    (signal === 'SIGTERM' ? app.drain.start() : app.close()).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // The terminal closed (its foreground processes get SIGHUP).
  process.once('SIGHUP', () => shutdown('SIGHUP'));
  // Started with an IPC channel (`pnpm start` does): its end means the parent is gone, even when it
  // was killed with SIGKILL and could forward nothing. Without a channel this never fires.
  process.once('disconnect', () => shutdown('parent process gone'));
  // A parent gone during start-up, before that listener existed, told nobody.
  if (process.send !== undefined && !process.connected) shutdown('parent process gone');
}

/** A busy port, said so the user knows which port and what to do, instead of `EADDRINUSE`. */
function explainListenError(error: unknown, config: ServerConfig): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return error;
  return new Error(
    `port ${config.port} on ${config.host} is in use — is another \`pnpm start\` or assistant-server running? ` +
      'Stop it, or choose another port with --port or PORT=…',
  );
}
