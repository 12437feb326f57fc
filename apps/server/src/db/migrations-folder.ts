import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's committed migrations of one dialect (drizzle/sqlite or drizzle/postgres), found by
 * walking up from this module: it sits at a different depth in src/db (tests), dist/db (tsc output)
 * and dist/ (the bundled CLI).
 */
export function migrationsFolder(dialect: 'sqlite' | 'postgres'): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'drizzle', dialect);
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`the drizzle/${dialect} migrations folder of @assistant-platform/server is missing`);
    dir = parent;
  }
}
