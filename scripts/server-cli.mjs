#!/usr/bin/env node
/**
 * `pnpm cli …`: the reference server's CLI (`assistant-server`) run from the repository root, so its
 * default database is the one `pnpm start` serves, `.data/assistant.sqlite` at the root, and the
 * root's `.env` applies. `pnpm cli token create --account 1 --scopes '*'` works after `pnpm start`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = new URL('../apps/server/dist/cli.js', import.meta.url);

if (!existsSync(cli)) {
  console.error('The server is not built yet: run `pnpm build` (or `pnpm start`) first.');
  process.exit(1);
}
// Anchored to the repository, wherever this was started from (pnpm runs root scripts there anyway).
process.chdir(root);
// The CLI reads its arguments from process.argv, as if it had been started itself.
process.argv = [process.argv[0], fileURLToPath(cli), ...process.argv.slice(2)];
await import(cli.href);
