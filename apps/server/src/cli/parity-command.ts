/**
 * `assistant-server parity`: the scenario of `parity/` against a target (the hosted service, or any
 * server of the contract) and a local reference server, started in-process unless `--local` names a
 * running one. Exit codes: 0 no difference, 1 differences (or a side breaking the contract), 2 the
 * arguments are wrong or a side cannot be reached. Everything printed passes through a filter that
 * replaces the tokens, so not even a target echoing one gets it printed.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { ConfigError } from '@assistant-platform/types';
import { type Command, CommanderError } from 'commander';
import type { ParityReport } from '../parity/report.js';
import type { Endpoint } from '../parity/run-parity.js';
import type { ParityFlags, ParitySettings } from './parity-settings.js';

export interface ParityOutput {
  out(text: string): void;
  error(text: string): void;
}

interface ParityCommandFlags extends ParityFlags {
  json?: boolean;
  out?: string;
}

export type ParityExitCode = 0 | 1 | 2;

const FLAG_OF_SIDE = { target: '--target or PARITY_TARGET', local: '--local or PARITY_LOCAL' } as const;

/** The local side: the running server `--local` names, or a reference server started here. */
async function localEndpoint(
  settings: ParitySettings,
): Promise<{ endpoint: Endpoint; close(): Promise<void> }> {
  if (settings.local)
    return { endpoint: { ...settings.local, label: settings.local.baseUrl }, close: async () => {} };
  // Loaded on demand, as serve loads the server: the other commands need neither Fastify nor the engines.
  const [{ startReferenceServer }, { localSeed }] = await Promise.all([
    import('../start-reference-server.js'),
    import('../parity/local-seed.js'),
  ]);
  const token = `parity-${randomBytes(16).toString('hex')}`;
  const server = await startReferenceServer({ seed: localSeed(token, settings.transcription) });
  return {
    endpoint: { baseUrl: server.baseUrl, token, label: 'in-process reference server' },
    close: server.close,
  };
}

/** Runs the check and says how it went; it never exits the process, so tests can run it too. */
export async function parityCommand(
  env: Record<string, string | undefined>,
  flags: ParityCommandFlags,
  output: ParityOutput,
): Promise<ParityExitCode> {
  // The check's modules (the SDK, the scenario, its report, its settings' schema) load when it
  // runs: every other command, serve first, starts without them.
  const [{ readParitySettings }, { runParity, UnreachableError }, { formatText, summaryLine }] =
    await Promise.all([
      import('./parity-settings.js'),
      import('../parity/run-parity.js'),
      import('../parity/report-text.js'),
    ]);
  let settings: ParitySettings;
  try {
    settings = readParitySettings(env, flags);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.error(error.message);
    return 2;
  }
  const secrets = [settings.target.token, settings.local?.token].filter((s): s is string => Boolean(s));
  const redact = (text: string) =>
    secrets.reduce((result, secret) => result.replaceAll(secret, '[token]'), text);
  const local = await localEndpoint(settings);
  secrets.push(local.endpoint.token);
  let report: ParityReport;
  try {
    report = await runParity({
      target: { ...settings.target, label: settings.target.baseUrl },
      local: local.endpoint,
      ...(settings.transcription ? { transcription: settings.transcription } : {}),
      timeoutMs: settings.timeoutMs,
    });
  } catch (error) {
    if (!(error instanceof UnreachableError)) throw error;
    output.error(redact(`${error.message}\nCheck ${FLAG_OF_SIDE[error.side]}.`));
    return 2;
  } finally {
    await local.close();
  }
  const text = redact(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatText(report));
  if (flags.out === undefined) output.out(text);
  else {
    try {
      writeFileSync(flags.out, text);
    } catch (error) {
      output.error(`Cannot write the report to --out ${flags.out}: ${(error as Error).message}`);
      return 2;
    }
    output.out(`Wrote the parity report to ${flags.out}: ${summaryLine(report)}\n`);
  }
  return report.ok ? 0 : 1;
}

export function registerParityCommand(program: Command, env: NodeJS.ProcessEnv): void {
  program
    .command('parity')
    .description(
      'compare a server of the API (e.g. the hosted service) with a reference server over a scripted scenario; exit 0: same, 1: differences, 2: bad arguments or unreachable',
    )
    .option('--target <url>', 'the API root to check, ending in /v1 (env PARITY_TARGET)')
    .option(
      '--token <token>',
      'its bearer token, scope * (env PARITY_TOKEN; prefer the variable: flags show in ps)',
    )
    .option(
      '--local <url>',
      'compare with this running server instead of one started in-process (env PARITY_LOCAL)',
    )
    .option('--local-token <token>', 'the token of --local (env PARITY_LOCAL_TOKEN)')
    .option(
      '--workspace-id <id>',
      'a workspace of the target for the transcription edit (env PARITY_WORKSPACE_ID)',
    )
    .option(
      '--transcription-id <id>',
      'a transcription in it, whose transcript is overwritten (env PARITY_TRANSCRIPTION_ID)',
    )
    .option(
      '--timeout-ms <ms>',
      'time one request may take, its body read (env PARITY_TIMEOUT_MS, default 60000)',
    )
    .option('--json', 'print the report as JSON')
    .option('--out <file>', 'write the report to this file instead of printing it')
    // A wrong argument is exit code 2, as the check's other usage errors; help stays 0.
    .exitOverride((error) => {
      throw new CommanderError(error.exitCode === 0 ? 0 : 2, error.code, error.message);
    })
    .action(async (flags: ParityCommandFlags) => {
      process.exitCode = await parityCommand(env, flags, {
        out: (text) => process.stdout.write(text),
        error: (text) => process.stderr.write(`${text}\n`),
      });
    });
}
