import type { ChatFixtureInput } from '@assistant-platform/types/admin';
import type { ContractValidator } from '@assistant-platform/types/validation';
import type { FastifyBaseLogger } from 'fastify';
import { ChatFixtures } from './admin/chat-fixtures.js';
import { checkChatFixtures, startupChatFixtureInputs } from './admin/chat-fixtures-file.js';
import { FaultRules } from './admin/fault-rules.js';
import { Journal, type RecordingJournal } from './admin/journal.js';
import { Violations } from './admin/violations.js';
import { type CassetteLibrary, loadCassettes } from './cassettes/cassette-library.js';
import type { ServerConfig } from './config/load-config.js';
import type { ChatFixturesStore, FaultRulesStore, ViolationsStore } from './contract/admin-stores.js';
import { adminValidator } from './contract/admin-validator.js';
import { openStore } from './db/open-store.js';
import type { Store } from './db/store.js';
import type { SharedConnection, SharedState } from './open-shared-state.js';
import { AuthFailureLimit } from './pipeline/auth-failure-limit.js';
import { applyStartupData, type SeedInput } from './seed/apply-startup-data.js';
import { exportState } from './seed/export-state.js';
import type { ParsedSeed } from './seed/seed-file.js';

/**
 * What an instance keeps, opened before its app serves anything: the database (migrated, with the
 * start-up data applied), with REDIS_URL the connection and what the instances share through it,
 * the admin API's stores (the journal, fault rules, chat fixtures, violations: shared, or this
 * instance's own), the failed-authentication limit and a replaying server's cassettes.
 */
export interface InstanceState {
  store: Store;
  /** Set with REDIS_URL. */
  connection: SharedConnection | undefined;
  journal: RecordingJournal;
  faultRules: FaultRulesStore;
  chatFixtures: ChatFixturesStore;
  violations: ViolationsStore;
  authFailures: AuthFailureLimit;
  /** Set with REPLAY. */
  cassettes: CassetteLibrary | undefined;
  /** With REDIS_URL: the shared per-token in-flight count and rate-limit store. */
  shared: SharedState | undefined;
  /** The token created at start-up on a database that had none, to print once. */
  firstToken: string | undefined;
  /** What `POST /_admin/reset` goes back to. */
  startupState: ParsedSeed;
  startupChatFixtures: readonly ChatFixtureInput[];
  /** Closes the database and the Redis connection. */
  close(): Promise<void>;
}

/**
 * Opens what the instance keeps; on a failure, closes what it had opened and throws. A cassette
 * that cannot be replayed, or an invalid seed or fixture, stops start-up here, naming it.
 */
export async function openInstanceState(
  config: ServerConfig,
  options: {
    /** A seed applied after `config.seedPath`. */
    seed?: SeedInput;
    /** On a database with no token at all, create one (see applyStartupData). */
    createFirstToken?: boolean;
    /** Chat fixtures to start with, after `CHAT_FIXTURES`'s. */
    chatFixtures?: readonly ChatFixtureInput[];
  },
  platformValidator: ContractValidator,
  log: FastifyBaseLogger,
): Promise<InstanceState> {
  const databaseLog = log.child({ component: 'database' });
  const sharedLog = log.child({ component: 'redis' });
  let store: Store | undefined;
  let connection: SharedConnection | undefined;
  let shared: SharedState | undefined;
  try {
    // Loaded only with REDIS_URL: a server without it never loads ioredis.
    const sharing = config.redis === undefined ? undefined : await import('./open-shared-state.js');
    if (sharing !== undefined && config.redis !== undefined)
      connection = await sharing.connectShared(config.redis, sharedLog);
    store = await openStore(config.database, databaseLog, connection?.changeBus, { server: true });
    if (store.dialect === 'postgres' && connection === undefined)
      // Without Redis, what lives in memory is not shared: say so to whoever runs several instances.
      databaseLog.warn(
        'PostgreSQL without REDIS_URL: rate limits, failed-authentication and in-flight limits, the journal, ' +
          "fault rules, chat fixtures and violations live in this instance's memory, so N instances on this " +
          'database let N times a limit through and each keeps its own; token and agent caches follow the ' +
          'other instances through LISTEN/NOTIFY. Set REDIS_URL to share them.',
      );
    const cassettes =
      config.replay === undefined
        ? undefined
        : loadCassettes(
            config.replay.dir,
            { platform: platformValidator, admin: adminValidator() },
            config.replay.ignore,
          );
    const { firstToken } = await applyStartupData(store.repos, config, {
      extraSeed: options.seed,
      createFirstToken: options.createFirstToken,
    });
    const startupState = await exportState(store.repos);
    const startupChatFixtures =
      options.chatFixtures === undefined
        ? []
        : checkChatFixtures(options.chatFixtures, 'chatFixtures', adminValidator());
    const authFailures = new AuthFailureLimit(config.authFailureLimit);
    if (sharing !== undefined && connection !== undefined)
      shared = await sharing.shareState(connection, config, sharedLog, {
        authFailures,
        startupChatFixtures: startupChatFixtureInputs(
          config.chatFixturesPath,
          startupChatFixtures,
          adminValidator(),
        ),
      });
    const opened = store;
    const openedShared = shared;
    return {
      store,
      connection,
      shared,
      journal: shared?.journal ?? new Journal(config.journal),
      faultRules: shared?.faultRules ?? new FaultRules(config.faultSeed),
      violations: shared?.violations ?? new Violations(),
      chatFixtures: shared?.chatFixtures ?? localChatFixtures(config, startupChatFixtures),
      authFailures,
      cassettes,
      firstToken,
      startupState,
      startupChatFixtures,
      async close() {
        await opened.close();
        await openedShared?.close();
      },
    };
  } catch (error) {
    await store?.close().catch(() => undefined);
    await (shared?.close() ?? connection?.redis.close())?.catch(() => undefined);
    throw error;
  }
}

/**
 * The chat fixtures of an instance that shares none: `CHAT_FIXTURES`'s, then those given in code,
 * operators' (answering every account's chats).
 */
function localChatFixtures(config: ServerConfig, startup: readonly ChatFixtureInput[]): ChatFixtures {
  const fixtures = new ChatFixtures(adminValidator());
  if (config.chatFixturesPath !== undefined) fixtures.load(config.chatFixturesPath);
  for (const fixture of startup) fixtures.add(fixture, null);
  return fixtures;
}
