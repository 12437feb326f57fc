#!/usr/bin/env node
// `throwaway-postgres start`: starts a throwaway cluster and prints, for a shell's eval, the
// variables naming it (TEST_DATABASE_URL_POSTGRES, THROWAWAY_POSTGRES_DIR); the cluster keeps
// running after this exits. `throwaway-postgres stop <dir>`: stops it and deletes its folder.
// CI runs the first before the tests and the second when it ends.
import { startThrowawayPostgres, stopThrowawayPostgres } from '../src/index.mjs';

const [command, dir] = process.argv.slice(2);
if (command === 'start') {
  try {
    const cluster = await startThrowawayPostgres({ fast: true });
    console.log(`TEST_DATABASE_URL_POSTGRES='${cluster.url}'`);
    console.log(`THROWAWAY_POSTGRES_DIR='${cluster.dir}'`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
} else if (command === 'stop' && dir) {
  stopThrowawayPostgres(dir);
} else {
  console.error('usage: throwaway-postgres start | throwaway-postgres stop <dir>');
  process.exit(2);
}
