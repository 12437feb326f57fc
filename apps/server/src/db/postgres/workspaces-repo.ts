import { count, eq } from 'drizzle-orm';
import type { WorkspacesRepo } from '../store.js';
import { nowIso } from '../time.js';
import type { IdWrites } from './id-sequences.js';
import type { PgDb } from './pg-db.js';
import { workspaces } from './schema.js';

export function createWorkspacesRepo(db: PgDb, ids: IdWrites): WorkspacesRepo {
  return {
    listAll() {
      return db.select().from(workspaces).orderBy(workspaces.id);
    },
    async count() {
      return (await db.select({ n: count() }).from(workspaces))[0]?.n ?? 0;
    },
    async insert(row) {
      await db.insert(workspaces).values(row);
      await ids.explicit('workspaces');
    },
    async deleteAll() {
      await db.delete(workspaces);
      await ids.emptied('workspaces');
    },
    async find(id) {
      return (await db.select().from(workspaces).where(eq(workspaces.id, id)))[0];
    },
    async ensure(input) {
      const insert = () =>
        db
          .insert(workspaces)
          .values({ ...input, createdAt: input.createdAt ?? nowIso() })
          .onConflictDoNothing()
          .returning({ id: workspaces.id });
      if (input.id === undefined) {
        const [row] = await ids.numbered('workspaces', insert);
        if (!row) throw new Error('inserting a workspace returned no row');
        return row.id;
      }
      await insert();
      await ids.explicit('workspaces');
      return input.id;
    },
  };
}
