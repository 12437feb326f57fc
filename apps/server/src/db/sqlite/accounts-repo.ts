import { count, eq } from 'drizzle-orm';
import type { AccountsRepo } from '../store.js';
import { nowIso } from '../time.js';
import type { Db } from './open-sqlite.js';
import { accounts } from './schema.js';
import type { Sync } from './sync.js';

export function createAccountsRepo(db: Db): Sync<AccountsRepo> {
  const repo: Sync<AccountsRepo> = {
    listAll() {
      return db.select().from(accounts).orderBy(accounts.id).all();
    },
    count() {
      return db.select({ n: count() }).from(accounts).get()?.n ?? 0;
    },
    insert(row) {
      db.insert(accounts).values(row).run();
    },
    deleteAll() {
      db.delete(accounts).run();
    },
    exists(id) {
      return db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).get() !== undefined;
    },
    ensure(input) {
      if (input.id !== undefined) {
        db.insert(accounts)
          .values({ id: input.id, name: input.name, createdAt: input.createdAt ?? nowIso() })
          .onConflictDoNothing()
          .run();
        return input.id;
      }
      const row = db.insert(accounts).values({ name: input.name, createdAt: nowIso() }).returning().get();
      return row.id;
    },
    defaultId() {
      const first = db.select({ id: accounts.id }).from(accounts).orderBy(accounts.id).limit(1).get();
      return first?.id ?? repo.ensure({ name: 'Default' });
    },
  };
  return repo;
}
