import { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import type { PrettyStream } from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';

export interface LogOutput {
  /** Merged into Fastify's `logger` options. */
  loggerOptions: { stream?: PrettyStream; serializers: { req: (request: FastifyRequest) => LoggedRequest } };
  /** Merged into Fastify's options: its own request log lines, labelled `requestId`, or none (pretty). */
  serverOptions: { logController: LogController };
  /** Adds what the format needs once the app exists. */
  register(app: FastifyInstance): void;
}

/** A request as log lines show it: Fastify's default fields, with the URL's query string left out. */
type LoggedRequest = {
  method: string;
  url: string;
  host: string;
  remoteAddress: string;
  remotePort: number | undefined;
};

/** `/trpc/agents.get?input=…` as `/trpc/agents.get`. */
function withoutQuery(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Every line about a request (Fastify's request logs, errors logged with the request) shows its URL
 * without the query string: a URL may carry what a user typed (a tRPC query's input), and logs are
 * kept longer and read by more people than the request itself.
 */
const serializers = {
  req: (request: FastifyRequest): LoggedRequest => ({
    method: request.method,
    url: withoutQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Where and how a service logs. JSON lines (pino's own, two per request) for machines, the default
 * when stdout is not a terminal; for a person at a terminal (or `LOG_FORMAT=pretty`), one readable
 * line per request, `GET /v1/agents/view/1 200 3 ms`, through pino-pretty. pino-pretty runs as a
 * stream in this process, not as pino's worker transport, which loads its target from a file path
 * the server's bundled CLI does not have; it is loaded only when used.
 */
export async function logOutput(format: LogFormat | undefined): Promise<LogOutput> {
  const pretty = format === 'pretty' || (format === undefined && process.stdout.isTTY === true);
  if (!pretty)
    return {
      loggerOptions: { serializers },
      serverOptions: { logController: new LogController({ requestIdLogLabel: 'requestId' }) },
      register: () => undefined,
    };
  const { default: prettyStream } = await import('pino-pretty');
  return {
    loggerOptions: {
      serializers,
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
    serverOptions: {
      logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    },
    register(app) {
      app.addHook('onResponse', async (request, reply) => {
        const line = `${request.method} ${withoutQuery(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
        if (reply.statusCode >= 500) request.log.error(line);
        else request.log.info(line);
      });
    },
  };
}
