import type { FastifyInstance } from 'fastify';
import type { PrettyStream } from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';

export interface LogOutput {
  /** Merged into Fastify's `logger` options. */
  loggerOptions: { stream?: PrettyStream };
  /** Merged into Fastify's options. */
  serverOptions: { disableRequestLogging?: boolean };
  /** Adds what the format needs once the app exists. */
  register(app: FastifyInstance): void;
}

/**
 * Where and how a service logs. JSON lines (pino's own, two per request) for machines, the default
 * when stdout is not a terminal; for a person at a terminal (or `LOG_FORMAT=pretty`), one readable
 * line per request, `GET /v1/agents/view/1 200 3 ms`, through pino-pretty. pino-pretty runs as a
 * stream in this process, not as pino's worker transport, which loads its target from a file path
 * the server's bundled CLI does not have; it is loaded only when used.
 */
export async function logOutput(format: LogFormat | undefined): Promise<LogOutput> {
  const pretty = format === 'pretty' || (format === undefined && process.stdout.isTTY === true);
  if (!pretty) return { loggerOptions: {}, serverOptions: {}, register: () => undefined };
  const { default: prettyStream } = await import('pino-pretty');
  return {
    loggerOptions: {
      stream: prettyStream({
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,requestId',
        messageFormat: '{msg}{if requestId}  ({requestId}){end}',
        // Other fields on the same line (errors keep their stack on the lines below).
        singleLine: true,
        // Lines written just before the process exits (shutting down) are not lost.
        sync: true,
      }),
    },
    serverOptions: { disableRequestLogging: true },
    register(app) {
      app.addHook('onResponse', async (request, reply) => {
        // Without the query: a long one (a streamed chat's input, on the gateway) would hide the line.
        const path = request.url.split('?')[0];
        const line = `${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
        if (reply.statusCode >= 500) request.log.error(line);
        else request.log.info(line);
      });
    },
  };
}
