/**
 * Where a worker thread's entry is: a worker cannot load the TypeScript sources, so it always starts
 * from built JavaScript. In the bundle the entry sits beside this module's chunk (dist/); from the
 * sources (the tests) it is the package's dist/ found by walking up.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function builtWorker(name: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, `${name}.js`);
  if (existsSync(beside)) return beside;
  for (let dir = here; dirname(dir) !== dir; dir = dirname(dir)) {
    const built = join(dir, 'dist', `${name}.js`);
    if (existsSync(built)) return built;
  }
  throw new Error(`the ${name} worker is not built: run \`pnpm build\` in apps/server`);
}
