/**
 * One account's rows across the tables (store.ts, AccountDataRepo), for a state import or reset of
 * that account alone. Children go first, as every foreign key is checked when each statement runs.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { AccountDataRepo } from '../store.js';
import type { Db } from './open-sqlite.js';
import { accounts, agents, apiTokens, idempotencyRecords, transcriptions, workspaces } from './schema.js';
import type { Sync } from './sync.js';

export function createAccountDataRepo(db: Db): Sync<AccountDataRepo> {
  return {
    deleteOwned(accountId, keepTokens) {
      const owned = db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.accountId, accountId));
      db.delete(idempotencyRecords).where(eq(idempotencyRecords.accountId, accountId)).run();
      db.delete(agents).where(eq(agents.accountId, accountId)).run();
      db.delete(transcriptions).where(inArray(transcriptions.workspaceId, owned)).run();
      db.delete(workspaces).where(eq(workspaces.accountId, accountId)).run();
      db.delete(apiTokens)
        .where(and(eq(apiTokens.accountId, accountId), notInArray(apiTokens.id, [...keepTokens])))
        .run();
    },
    update({ id, name, createdAt }) {
      db.update(accounts)
        .set({ name, ...(createdAt === undefined ? {} : { createdAt }) })
        .where(eq(accounts.id, id))
        .run();
    },
  };
}
