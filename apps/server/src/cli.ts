#!/usr/bin/env node
import { createProgram } from './cli/program.js';

createProgram(process.env)
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    // Configuration, seed and argument problems are the user's to fix: their message is enough.
    console.error(
      error instanceof Error ? `${error.name === 'Error' ? 'Error' : error.name}: ${error.message}` : error,
    );
    if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(1);
  });
