import { count, eq } from 'drizzle-orm';
import type { AccountsRepo } from '../store.js';
import { nowIso } from '../time.js';
import type { IdWrites } from './id-sequences.js';
import type { PgDb } from './pg-db.js';
import { accounts } from './schema.js';

export function createAccountsRepo(db: PgDb, ids: IdWrites): AccountsRepo {
  const repo: AccountsRepo = {
    listAll() {
      return db.select().from(accounts).orderBy(accounts.id);
    },
    async count() {
      return (await db.select({ n: count() }).from(accounts))[0]?.n ?? 0;
    },
    async insert(row) {
      await db.insert(accounts).values(row);
      await ids.explicit('accounts');
    },
    async deleteAll() {
      await db.delete(accounts);
      await ids.emptied('accounts');
    },
    async exists(id) {
      const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id));
      return rows.length > 0;
    },
    async ensure(input) {
      if (input.id !== undefined) {
        await db
          .insert(accounts)
          .values({ id: input.id, name: input.name, createdAt: input.createdAt ?? nowIso() })
          .onConflictDoNothing();
        await ids.explicit('accounts');
        return input.id;
      }
      const [row] = await ids.numbered('accounts', () =>
        db.insert(accounts).values({ name: input.name, createdAt: nowIso() }).returning({ id: accounts.id }),
      );
      if (!row) throw new Error('inserting an account returned no row');
      return row.id;
    },
    async defaultId() {
      const [first] = await db.select({ id: accounts.id }).from(accounts).orderBy(accounts.id).limit(1);
      return first?.id ?? repo.ensure({ name: 'Default' });
    },
  };
  return repo;
}
