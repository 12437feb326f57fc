import type { AdminOperationId, ChatFixtureInput } from '@assistant-platform/types/admin';
import type { ContractValidator } from '@assistant-platform/types/validation';
import type { RouteHandlerMethod } from 'fastify';
import type { OptionalFeature } from '../config/load-config.js';
import type {
  ChatFixturesStore,
  FaultRulesStore,
  JournalStore,
  ViolationsStore,
} from '../contract/admin-stores.js';
import type { Store } from '../db/store.js';
import type { ServerMetrics } from '../pipeline/metrics/server-metrics.js';
import type { ParsedSeed } from '../seed/seed-file.js';

/** What the admin API's handlers work on; one per app. */
export interface AdminDeps {
  store: Store;
  validator: ContractValidator<AdminOperationId>;
  journal: JournalStore;
  faultRules: FaultRulesStore;
  chatFixtures: ChatFixturesStore;
  violations: ViolationsStore;
  /** With REDIS_URL: throws a 503 while Redis cannot be reached, so a reset changes nothing then. */
  sharedStateReachable?: () => void;
  /** Starts a replaying server's cassettes' turns again (a reset calls it); undefined without replay. */
  restartReplay?: () => void;
  /** The data right after start-up (seed, dev token, first token): what a reset goes back to. */
  startupState: ParsedSeed;
  /** The `CHAT_FIXTURES` file, read again by a reset. */
  chatFixturesPath: string | undefined;
  /** Fixtures given in code at start-up (after the file's), restored by a reset. */
  startupChatFixtures: readonly ChatFixtureInput[];
  /** The app's metrics registry, which `GET /metrics` renders; undefined with FEATURES_OFF=metrics. */
  metrics: ServerMetrics | undefined;
  /** The features the server runs without: their routes answer 501 (feature-off.ts). */
  featuresOff: ReadonlySet<OptionalFeature>;
}

/** Some of the admin API's handlers, by operation. */
export type AdminHandlers<Id extends AdminOperationId> = Record<Id, RouteHandlerMethod>;
