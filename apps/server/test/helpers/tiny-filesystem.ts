/**
 * A real, small file system for the storage-fault suites: a tmpfs of a few MiB that a test fills
 * to the last byte (a full disk), remounts read-only, and frees again, under a server that keeps
 * running on a SQLite file in it. Mounting needs root (CI runs as root); elsewhere the suites are
 * skipped, saying why, except in CI (`CI=true`), where skipping would let them pass without
 * running: there they fail.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TinyFilesystem {
  dir: string;
  /** Writes a filler file until the file system refuses one more byte. */
  fill(): void;
  /** Deletes the filler file. */
  free(): void;
  readOnly(): void;
  writable(): void;
  unmount(): void;
}

const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

/** Why no tmpfs can be mounted here, or undefined when one can (tried with a tiny one). */
function whyNot(): string | undefined {
  if (process.platform !== 'linux') return 'a tmpfs needs Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root (CI runs the suites as root)';
  const dir = mkdtempSync(join(tmpdir(), 'tiny-fs-probe-'));
  try {
    mount('-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir);
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mount refused a tmpfs (${(error as Error).message.split('\n')[0]})`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether `suite` can run; false (the reason printed) to skip it; throws in CI. */
export function tinyFilesystemsFor(suite: string): boolean {
  const why = whyNot();
  if (why === undefined) return true;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`${suite}: CI needs its storage-fault tests, but ${why}`);
  console.warn(`${suite} skipped: ${why}`);
  return false;
}

export function mountTinyFilesystem(sizeMiB: number): TinyFilesystem {
  const dir = mkdtempSync(join(tmpdir(), 'tiny-fs-'));
  mount('-t', 'tmpfs', '-o', `size=${sizeMiB}m`, 'tmpfs', dir);
  const filler = join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      try {
        // Large writes first, then ever smaller ones: the last page of the file system too.
        for (let size = 1 << 20; size >= 1; size >>= 1) {
          const chunk = Buffer.alloc(size, 1);
          for (;;) {
            try {
              writeSync(fd, chunk);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw error;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      unlinkSync(filler);
    },
    readOnly() {
      mount('-o', 'remount,ro', dir);
    },
    writable() {
      mount('-o', 'remount,rw', dir);
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
