/**
 * The browser the suite drives: the system's Chromium (no browser is downloaded; CI installs the
 * distribution's package). `CHROMIUM_PATH` names it, else the first of the usual names on PATH.
 * Without one a suite is skipped, saying why, except in CI (`CI=true`), where skipping would let
 * the browser tests pass without running: there it fails.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium to run, or why there is none. */
function findChromium(): { path: string } | { missing: string } {
  const named = process.env.CHROMIUM_PATH;
  if (named)
    return executable(named) ? { path: named } : { missing: `CHROMIUM_PATH=${named} is not executable` };
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of NAMES) if (dir && executable(join(dir, name))) return { path: join(dir, name) };
  }
  return { missing: `no Chromium on PATH (looked for ${NAMES.join(', ')}); set CHROMIUM_PATH` };
}

/** The Chromium for `suite`; undefined (with the reason printed) to skip it; throws in CI. */
export function chromiumForSuite(suite: string): string | undefined {
  const found = findChromium();
  if ('path' in found) return found.path;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`${suite}: CI needs Chromium for the browser tests, but ${found.missing}`);
  console.warn(`${suite} skipped: ${found.missing}`);
  return undefined;
}
