#!/usr/bin/env node
/**
 * `assistant-gateway`: starts the gateway from the environment (and a .env file), flags overriding it.
 * A bad value stops start-up with a message naming it.
 */
import { readFileSync } from 'node:fs';
import { loadDotEnv } from '@assistant-platform/service-kit';
import { ConfigError } from '@assistant-platform/types';
import { createProgram } from './cli/program.js';

// Before the configuration is read: the environment, completed by a .env of the working directory.
loadDotEnv();
// This file runs as dist/cli.js, beside the package's package.json.
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

createProgram(process.env, version)
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : error instanceof Error ? `Error: ${error.message}` : String(error)}\n`,
    );
    process.exit(1);
  });
