#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { loadDotEnv } from '@assistant-platform/service-kit';
import { CommanderError } from 'commander';
import { createProgram } from './cli/program.js';

// Before the configuration is read: the environment, completed by a .env of the working directory.
loadDotEnv();
// This file runs as dist/cli.js, beside the package's package.json.
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

createProgram(process.env)
  .version(version, '-v, --version', 'print the version')
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    // Commander has printed its message already; its exit code is the command's (parity's usage errors are 2).
    if (error instanceof CommanderError) process.exit(error.exitCode);
    // Configuration, seed and argument problems are the user's to fix: their message is enough.
    console.error(
      error instanceof Error ? `${error.name === 'Error' ? 'Error' : error.name}: ${error.message}` : error,
    );
    if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(1);
  });
