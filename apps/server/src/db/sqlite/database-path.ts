import { accessSync, constants, mkdirSync, type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { StorageError } from '../storage-error.js';

/**
 * Checks a database path before SQLite sees it, so start-up names the variable, the path and what
 * is wrong with it instead of SQLite's "unable to open database file". SQLite also needs to create
 * the -wal and -shm files next to the database, so its folder must be writable too.
 */
export function prepareDatabasePath(path: string): void {
  const folder = dirname(path);
  const fail = (problem: string) => {
    throw new StorageError(`DATABASE_URL=${path}: ${problem}`);
  };
  const file = statOrUndefined(path);
  if (file?.isDirectory()) fail('is a folder, not a SQLite file');
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    fail(`cannot create its folder ${folder} (${codeOf(error)})`);
  }
  if (!statOrUndefined(folder)?.isDirectory()) fail(`its folder ${folder} is not a folder`);
  if (!writable(folder))
    fail(`its folder ${folder} is read-only (SQLite writes its journal next to the file)`);
  if (file && !writable(path)) fail('the file is read-only');
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
