/**
 * One account's rows across the tables (store.ts, AccountDataRepo), for a state import or reset of
 * that account alone. Children go first, as every foreign key is checked when each statement runs.
 * Sequences are left where they are: ids freed here are never handed out again, and rows the
 * import then writes with ids of their own move them forward (id-sequences.ts).
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { AccountDataRepo } from '../store.js';
import type { PgDb } from './pg-db.js';
import { accounts, agents, apiTokens, idempotencyRecords, transcriptions, workspaces } from './schema.js';

export function createAccountDataRepo(db: PgDb): AccountDataRepo {
  return {
    async deleteOwned(accountId, keepTokens) {
      const owned = db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.accountId, accountId));
      await db.delete(idempotencyRecords).where(eq(idempotencyRecords.accountId, accountId));
      await db.delete(agents).where(eq(agents.accountId, accountId));
      await db.delete(transcriptions).where(inArray(transcriptions.workspaceId, owned));
      await db.delete(workspaces).where(eq(workspaces.accountId, accountId));
      await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.accountId, accountId), notInArray(apiTokens.id, [...keepTokens])));
    },
    async update({ id, name, createdAt }) {
      await db
        .update(accounts)
        .set({ name, ...(createdAt === undefined ? {} : { createdAt }) })
        .where(eq(accounts.id, id));
    },
  };
}
