/**
 * Runs the programs the suite drives (docker, its compose plugin, the stand-in scripts) and says
 * what they printed when they fail: a failed build or `up` must show its own words in the test
 * report, not only an exit code.
 */
import { spawn } from 'node:child_process';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the program after this long (it is then a failure). */
  timeoutMs?: number;
  /** Pass its output through to this process's (long builds show their progress). */
  echo?: boolean;
}

export interface RunResult {
  code: number | null;
  output: string;
}

/** Runs `command`; resolves with its exit code and output, whatever the code. */
export function runProgram(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    const collect = (chunk: Buffer) => {
      chunks.push(chunk);
      if (options.echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/** Runs `command` and returns its output; throws with the output's end when it fails. */
export async function mustRun(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  const { code, output } = await runProgram(command, args, options);
  if (code !== 0) {
    const tail = output.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${command} ${args.join(' ')} exited with ${code}:\n${tail}`);
  }
  return output;
}
