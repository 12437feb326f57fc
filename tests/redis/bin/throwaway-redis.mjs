#!/usr/bin/env node
// `throwaway-redis start`: starts a throwaway redis-server and prints, for a shell's eval, the
// variables naming it (TEST_REDIS_URL, THROWAWAY_REDIS_DIR); the server keeps running after this
// exits. `throwaway-redis stop <dir>`: stops it and deletes its folder. CI runs the first before
// the tests and the second when it ends.
import { startThrowawayRedis, stopThrowawayRedis } from '../src/index.mjs';

const [command, dir] = process.argv.slice(2);
if (command === 'start') {
  try {
    const server = await startThrowawayRedis();
    console.log(`TEST_REDIS_URL='${server.url}'`);
    console.log(`THROWAWAY_REDIS_DIR='${server.dir}'`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
} else if (command === 'stop' && dir) {
  stopThrowawayRedis(dir);
} else {
  console.error('usage: throwaway-redis start | throwaway-redis stop <dir>');
  process.exit(2);
}
