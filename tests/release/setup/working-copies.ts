/**
 * The trees the rehearsal releases from, never the working tree itself:
 * - `copyWorkingTree`: the files git would see (tracked and untracked, not ignored) copied to a
 *   temporary folder, with this workspace's installed node_modules linked in (the root's as a
 *   link, each package's copied as the links pnpm made, so workspace packages resolve within the
 *   copy and third-party ones to the same store), so a release runs without an install;
 * - `checkoutRelease`: the tree of a past release's commit (git archive), linked the same way.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Links node_modules of the root and of each `dirs` into `to`, from `root`. */
async function linkNodeModules(root: string, to: string, dirs: string[]): Promise<void> {
  await symlink(join(root, 'node_modules'), join(to, 'node_modules'));
  for (const dir of dirs) {
    await cp(join(root, dir, 'node_modules'), join(to, dir, 'node_modules'), {
      recursive: true,
      verbatimSymlinks: true,
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

export async function copyWorkingTree(root: string, to: string, packageDirs: string[]): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = [...new Set(stdout.split('\0').filter(Boolean))];
  for (const file of files) {
    await cp(join(root, file), join(to, file), { recursive: false, verbatimSymlinks: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // a file deleted but not yet staged
      },
    );
  }
  await linkNodeModules(root, to, packageDirs);
}

const knowsCommit = (root: string, commit: string) =>
  run('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root }).then(
    () => true,
    () => false,
  );

/**
 * Whether git has `commit`. A shallow clone (as some CI checkouts are) may not: it is then asked
 * of the clone's origin once, the way `git fetch` would get it for a developer.
 */
export async function hasCommit(root: string, commit: string): Promise<boolean> {
  if (await knowsCommit(root, commit)) return true;
  const shallow = await run('git', ['rev-parse', '--is-shallow-repository'], { cwd: root }).then(
    ({ stdout }) => stdout.trim() === 'true',
    () => false,
  );
  if (!shallow) return false;
  await run('git', ['fetch', '--quiet', '--unshallow'], { cwd: root }).catch(() => undefined);
  return knowsCommit(root, commit);
}

export async function checkoutRelease(
  root: string,
  commit: string,
  to: string,
  packageDirs: string[],
): Promise<void> {
  await mkdir(to, { recursive: true });
  await run('sh', ['-c', `git archive --format=tar "$0" | tar -x -C "$1"`, commit, to], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  await linkNodeModules(root, to, packageDirs);
}
