import { count, eq } from 'drizzle-orm';
import type { WorkspacesRepo } from '../store.js';
import { nowIso } from '../time.js';
import type { Db } from './open-sqlite.js';
import { workspaces } from './schema.js';
import type { Sync } from './sync.js';

export function createWorkspacesRepo(db: Db): Sync<WorkspacesRepo> {
  return {
    listAll() {
      return db.select().from(workspaces).orderBy(workspaces.id).all();
    },
    count() {
      return db.select({ n: count() }).from(workspaces).get()?.n ?? 0;
    },
    insert(row) {
      db.insert(workspaces).values(row).run();
    },
    deleteAll() {
      db.delete(workspaces).run();
    },
    find(id) {
      return db.select().from(workspaces).where(eq(workspaces.id, id)).get();
    },
    ensure(input) {
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
