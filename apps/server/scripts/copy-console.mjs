#!/usr/bin/env node
/**
 * The last step of the server's build: copies the console's built files (the private workspace
 * package @assistant-platform/console, built first by turbo since the server depends on it) into
 * dist/console, so the published server carries them and serves them at /console without the
 * console package being installed. Without a console build the server still builds; /console then
 * says to run `pnpm build`.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const target = fileURLToPath(new URL('../dist/console', import.meta.url));
rmSync(target, { recursive: true, force: true });
let source;
try {
  source = join(
    dirname(createRequire(import.meta.url).resolve('@assistant-platform/console/package.json')),
    'dist',
  );
} catch {
  source = undefined;
}
if (source === undefined || !existsSync(join(source, 'index.html'))) {
  console.warn('copy-console: the console is not built; /console will ask for `pnpm build`.');
} else {
  cpSync(source, target, { recursive: true });
}
