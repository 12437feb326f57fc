import { count, eq } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { accounts } from './schema.js';
import { nowIso } from './time.js';

export type AccountRecord = typeof accounts.$inferSelect;

/** Accounts own tokens, workspaces and agents; the API never shows them, seeds and the CLI make them. */
export function createAccountsRepo(db: Db) {
  return {
    listAll(): AccountRecord[] {
      return db.select().from(accounts).orderBy(accounts.id).all();
    },
    count(): number {
      return db.select({ n: count() }).from(accounts).get()?.n ?? 0;
    },
    /** Inserts one account; a duplicate id throws (a state import reports it). */
    insert(row: AccountRecord): void {
      db.insert(accounts).values(row).run();
    },
    /** Deletes every account: their tokens, workspaces and agents must be deleted first. */
    deleteAll(): void {
      db.delete(accounts).run();
    },
    exists(id: number): boolean {
      return db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).get() !== undefined;
    },
    ensure(input: { id?: number; name: string; createdAt?: string }): number {
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
    /** The default account: the one with the lowest id, created as "Default" when none exists. */
    defaultId(): number {
      const first = db.select({ id: accounts.id }).from(accounts).orderBy(accounts.id).limit(1).get();
      return first?.id ?? this.ensure({ name: 'Default' });
    },
  };
}
