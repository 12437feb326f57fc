import { eq } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { workspaces } from './schema.js';
import { nowIso } from './time.js';

/** Workspaces group an account's transcriptions. */
export function createWorkspacesRepo(db: Db) {
  return {
    find(id: number) {
      return db.select().from(workspaces).where(eq(workspaces.id, id)).get();
    },
    ensure(input: { id?: number; accountId: number; name: string; createdAt?: string }): number {
      const row = db
        .insert(workspaces)
        .values({ ...input, createdAt: input.createdAt ?? nowIso() })
        .onConflictDoNothing()
        .returning({ id: workspaces.id })
        .get();
      return row?.id ?? (input.id as number);
    },
  };
}
