import { count, eq } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { workspaces } from './schema.js';
import { nowIso } from './time.js';

export type WorkspaceRecord = typeof workspaces.$inferSelect;

/** Workspaces group an account's transcriptions. */
export function createWorkspacesRepo(db: Db) {
  return {
    listAll(): WorkspaceRecord[] {
      return db.select().from(workspaces).orderBy(workspaces.id).all();
    },
    count(): number {
      return db.select({ n: count() }).from(workspaces).get()?.n ?? 0;
    },
    /** Inserts one workspace; a duplicate id or an unknown account throws. */
    insert(row: WorkspaceRecord): void {
      db.insert(workspaces).values(row).run();
    },
    /** Deletes every workspace: their transcriptions must be deleted first. */
    deleteAll(): void {
      db.delete(workspaces).run();
    },
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
