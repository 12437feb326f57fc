#!/usr/bin/env node
/**
 * The last step of the server's build: copies into dist/ the files the server serves or reads at
 * run time that its bundle cannot inline, so the published package carries them and installs
 * nothing more for them:
 * - dist/console: the console's built files (the private workspace package @assistant-platform/console,
 *   built first by turbo since the server depends on it), served at /console. Without a console
 *   build the server still builds; /console then says to run `pnpm build`.
 * - dist/swagger-ui: the four files of swagger-ui-dist that /docs serves (and its license), instead
 *   of the whole 12 MB package as a dependency.
 * - dist/seeds/dev.json: the repository's seed/dev.json, what `--seed dev` loads.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

function copyConsole() {
  const target = join(dist, 'console');
  rmSync(target, { recursive: true, force: true });
  let source;
  try {
    source = join(packageDir('@assistant-platform/console'), 'dist');
  } catch {
    source = undefined;
  }
  if (source === undefined || !existsSync(join(source, 'index.html'))) {
    console.warn('copy-assets: the console is not built; /console will ask for `pnpm build`.');
  } else {
    cpSync(source, target, { recursive: true });
  }
}

// The files /docs serves (src/meta/docs-route.ts), and the license they come under.
const SWAGGER_UI_FILES = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'LICENSE',
  'swagger-ui-bundle.js.LICENSE.txt',
  'swagger-ui-standalone-preset.js.LICENSE.txt',
];

function copySwaggerUi() {
  const source = packageDir('swagger-ui-dist');
  const target = join(dist, 'swagger-ui');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const file of SWAGGER_UI_FILES) copyFileSync(join(source, file), join(target, file));
}

function copySeeds() {
  const target = join(dist, 'seeds');
  mkdirSync(target, { recursive: true });
  copyFileSync(fileURLToPath(new URL('../../../seed/dev.json', import.meta.url)), join(target, 'dev.json'));
}

copyConsole();
copySwaggerUi();
copySeeds();
