import { type Stats, statSync } from 'node:fs';

/**
 * Which file the connection opened. An open SQLite connection keeps writing to its file after the
 * file is deleted (its folder removed, or replaced by another file), so every write would succeed
 * and be lost at the next start: comparing device and inode with the ones seen at open tells.
 */
export interface FileIdentity {
  /** Why the opened files are no longer the ones at their paths, or undefined when they are. */
  problem(): string | undefined;
}

interface Seen {
  path: string;
  dev: number;
  ino: number;
}

function statOf(path: string): Stats | undefined {
  // A missing file is an answer here, not an error (and an exception costs more than the stat).
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Records the database file and its write-ahead log (committed transactions live in the -wal file
 * until a checkpoint, so losing it loses them too). SQLite keeps the -wal file while any connection
 * is open, so its identity is stable for the life of this connection.
 */
export function recordFileIdentity(path: string): FileIdentity {
  const seen: Seen[] = [];
  for (const file of [path, `${path}-wal`]) {
    const stat = statOf(file);
    if (stat) seen.push({ path: file, dev: stat.dev, ino: stat.ino });
  }
  return {
    problem() {
      for (const file of seen) {
        const now = statOf(file.path);
        if (!now) return `${file.path} no longer exists (deleted while the server runs)`;
        if (now.dev !== file.dev || now.ino !== file.ino)
          return `${file.path} was replaced by another file while the server runs`;
      }
      return undefined;
    },
  };
}

/** For `:memory:`: nothing on disk can go away. */
export const IN_MEMORY_IDENTITY: FileIdentity = { problem: () => undefined };
