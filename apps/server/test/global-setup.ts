/**
 * The engine pool starts its workers from built JavaScript (a worker thread cannot load the
 * TypeScript sources), so the tests rebuild the worker from the sources first: a change to an
 * engine is tested without a full `pnpm build`. Written beside the bundle by rename, so a server
 * already running from dist/ never starts a worker from a half-written file.
 */
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'tsup';
import bundle from '../tsup.config.js';

export default async function buildEngineWorker(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'engine-worker-'));
  try {
    await build({
      ...(bundle as object),
      entry: { 'engine-worker': 'src/engines/pool/engine-worker.ts' },
      outDir,
      splitting: false,
      silent: true,
    });
    await rename(
      join(outDir, 'engine-worker.js'),
      join(import.meta.dirname, '..', 'dist', 'engine-worker.js'),
    );
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
