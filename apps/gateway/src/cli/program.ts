/**
 * The `assistant-gateway` command line, on the same parser as `assistant-server` (commander):
 * `--port`, `--host`, `--version`, `--help`; an unknown flag or argument stops it with a message.
 * Configuration comes from the environment; a flag overrides its variable.
 */
import { Command } from 'commander';
import { loadConfig } from '../config.js';
import { closeOnSignals, startGateway } from '../server.js';

const ENVIRONMENT = `
Configuration comes from the environment (and a .env file in the working directory):
  GATEWAY_PORT           port to listen on (default 4020)
  GATEWAY_HOST           address to listen on (default 127.0.0.1)
  UPSTREAM_BASE_URL      the platform's base URL, ending in /v1 (default http://127.0.0.1:4010/v1)
  UPSTREAM_TIMEOUT_MS    how long each platform call may wait for its answer to start (default 60000)
  UPSTREAM_MAX_RETRIES   retries of a failed platform call (default 0)
  AGENT_CACHE_TTL_MS     how long agents.get answers are cached per token (default 5000; 0 = off)
  AGENT_CACHE_MAX_ENTRIES  most cached agents (default 10000)
  CORS_ORIGINS           browser origins allowed to call it, comma-separated, or * (default *)
  LOG_LEVEL              pino level (default info)
  LOG_FORMAT             pretty or json (default: pretty on a terminal, json otherwise)
  OTEL_EXPORTER_OTLP_ENDPOINT  OpenTelemetry: where OTLP/HTTP spans go; setting it turns tracing on
                         (OTEL_TRACES_EXPORTER, OTEL_SERVICE_NAME, OTEL_SDK_DISABLED as usual; default off)
`;

interface Flags {
  port?: string;
  host?: string;
}

export function createProgram(
  env: NodeJS.ProcessEnv,
  version: string,
  print: (line: string) => void = console.log,
): Command {
  return new Command('assistant-gateway')
    .description('Starts the tRPC gateway in front of the Assistant Platform API.')
    .version(version, '-v, --version', 'print the version')
    .option('--port <port>', 'listen port (env GATEWAY_PORT, default 4020)')
    .option('--host <host>', 'listen address (env GATEWAY_HOST, default 127.0.0.1)')
    .addHelpText('after', ENVIRONMENT)
    .showHelpAfterError('(assistant-gateway --help lists the options and variables)')
    .action(async (flags: Flags) => {
      const config = loadConfig({
        ...env,
        ...(flags.port === undefined ? {} : { GATEWAY_PORT: flags.port }),
        ...(flags.host === undefined ? {} : { GATEWAY_HOST: flags.host }),
      });
      const gateway = await startGateway(config, { version }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        throw new Error(
          `port ${config.port} on ${config.host} is in use — is another \`pnpm start\` or assistant-gateway running? ` +
            'Stop it, or choose another port with --port or GATEWAY_PORT=…',
        );
      });
      closeOnSignals(gateway);
      print(
        `Assistant gateway listening on ${gateway.url} (tRPC at ${gateway.url}/trpc), upstream ${config.upstreamBaseUrl}`,
      );
    });
}
