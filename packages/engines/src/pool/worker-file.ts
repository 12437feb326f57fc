/**
 * Where the engine worker's entry is. A worker thread cannot load the TypeScript sources, so it always
 * starts from built JavaScript, found beside the module that asks: in this package's dist/pool/, and
 * in a bundle that inlines this package (the server's), whose `engine-worker` entry sits beside its
 * chunks. From the sources (this package's tests) it is the same file in the package's dist/.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function engineWorkerFile(): string {
  for (const candidate of ['./engine-worker.js', '../../dist/pool/engine-worker.js']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('the engine worker is not built: run `pnpm build` in packages/engines');
}
