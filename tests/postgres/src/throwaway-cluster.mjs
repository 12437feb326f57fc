/**
 * A throwaway PostgreSQL cluster: initdb into a temporary folder, started with pg_ctl on a free port
 * of 127.0.0.1 (and a socket in that folder), password authentication with a random password, gone
 * once stopped. initdb refuses to run as root, so as root the cluster belongs to the `postgres` user
 * (Debian's packages create it) and every command runs as that user through runuser; otherwise it
 * runs as the current user. The server binaries are found with pg_config, then in Debian's
 * /usr/lib/postgresql/<version>/bin (off the PATH), then on the PATH.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const DEBIAN_ROOT = '/usr/lib/postgresql';

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter))
    if (dir && existsSync(join(dir, name))) return dir;
  return undefined;
}

/** The folder of initdb, pg_ctl and postgres, or undefined. */
export function findPostgresBinaries() {
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const fromConfig = pgConfig.status === 0 ? pgConfig.stdout.trim() : undefined;
  if (fromConfig && existsSync(join(fromConfig, 'initdb'))) return fromConfig;
  if (existsSync(DEBIAN_ROOT)) {
    const versions = readdirSync(DEBIAN_ROOT)
      .filter((version) => existsSync(join(DEBIAN_ROOT, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(DEBIAN_ROOT, versions[0], 'bin');
  }
  return onPath('initdb');
}

const isRoot = () => process.getuid?.() === 0;

/** The uid and gid of the postgres user, when running as root and it exists. */
function postgresUser() {
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** Why no throwaway cluster can be started here, or undefined when one can. */
export function whyNoThrowawayPostgres() {
  const bin = findPostgresBinaries();
  if (bin === undefined)
    return 'no PostgreSQL server binaries (initdb): install PostgreSQL (Debian: apt-get install postgresql), or set TEST_DATABASE_URL_POSTGRES';
  if (isRoot()) {
    if (postgresUser() === undefined)
      return 'running as root, which initdb refuses, and there is no postgres user to run it as';
    if (onPath('runuser') === undefined)
      return 'running as root, which initdb refuses, and there is no runuser';
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * Starts a cluster. `fast` turns off what only protects against a power loss (fsync, full page
 * writes, synchronous commit): right for tests, wrong for a benchmark of writes.
 * Returns `{ url, dir, pause(), resume(), stop() }`; `url` names its `postgres` database as the
 * `postgres` superuser; `pause()` stops the server as an outage would, `resume()` starts it again.
 */
export async function startThrowawayPostgres({ fast = false } = {}) {
  const why = whyNoThrowawayPostgres();
  if (why) throw new Error(`cannot start a throwaway PostgreSQL: ${why}`);
  const bin = findPostgresBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'assistant-postgres-'));
  const user = isRoot() ? postgresUser() : undefined;
  if (user) chownSync(dir, user.uid, user.gid);
  const run = (command, args) => {
    const argv = user
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(argv[0], argv[1], { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`.trim());
  };
  const password = randomBytes(18).toString('base64url');
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) chownSync(passwordFile, user.uid, user.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  let settings = [];
  const startServer = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      settings.join(' '),
      'start',
    ]);
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      // Every test file's apps hold a few connections each, several files at once.
      '-c max_connections=400',
      ...(fast ? ['-c fsync=off', '-c full_page_writes=off', '-c synchronous_commit=off'] : []),
    ];
    startServer();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    dir,
    /** Stops the server (fast shutdown: its sessions are ended), keeping the cluster to resume. */
    async pause() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    /** Starts the paused server again, on the same port with the same settings. */
    async resume() {
      startServer();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      stopThrowawayPostgres(dir);
    },
  };
}

/** Stops the cluster in `dir` (started by startThrowawayPostgres) at once and deletes it. */
export function stopThrowawayPostgres(dir) {
  const bin = findPostgresBinaries();
  const user = isRoot() ? postgresUser() : undefined;
  const data = join(dir, 'data');
  if (bin && existsSync(data)) {
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    if (user) spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args], { cwd: dir });
    else spawnSync(join(bin, 'pg_ctl'), args, { cwd: dir });
  }
  rmSync(dir, { recursive: true, force: true });
}
