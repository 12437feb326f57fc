/**
 * The server module the route suites drive: the sources in the `server` vitest project, the bundled
 * dist/index.js (the chunks `pnpm start` and the npm package run) in `server:bundle`, so a fault that
 * only the bundler introduces fails a test instead of hiding behind passing source tests.
 */
import { fileURLToPath } from 'node:url';
import type * as ServerModule from '../../src/index.js';

export const UNDER_TEST = process.env.SERVER_UNDER_TEST === 'bundle' ? 'bundle' : 'sources';

const entry =
  UNDER_TEST === 'bundle'
    ? fileURLToPath(new URL('../../dist/index.js', import.meta.url))
    : fileURLToPath(new URL('../../src/index.ts', import.meta.url));

export const serverModule: typeof ServerModule = await import(/* @vite-ignore */ entry);
