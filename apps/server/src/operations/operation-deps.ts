import type { Engines } from '@assistant-platform/engines/types';
import type { OperationId } from '@assistant-platform/types';
import type { ChatFixturesStore } from '../contract/admin-stores.js';
import type { Repositories } from '../db/store.js';

/** What every operation's handler may use; built once per app. */
export interface OperationDeps {
  repos: Repositories;
  /** Resolves once the engines module has loaded (see engines-loader.ts). */
  engines: () => Promise<Engines>;
  /** The chat fixtures of `/_admin/chat-fixtures`: the chat operation asks `pick` before the engine. */
  chatFixtures: ChatFixturesStore;
}

/**
 * The operations whose handlers write to the database, through `writeReposOf(request, repos)`:
 * with an `Idempotency-Key` they run in their request's transaction, which keeps their writes and
 * the key's answer together (pipeline/idempotency.ts). The others (chat, embeddings) write nothing.
 */
export const WRITING_OPERATIONS: ReadonlySet<OperationId> = new Set(['createAgent', 'updateTranscription']);
