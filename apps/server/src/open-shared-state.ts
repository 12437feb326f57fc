/**
 * What the instances of a deployment share through Redis (REDIS_URL), put together for app.ts,
 * which loads this module (and ioredis with it) only when REDIS_URL is set. `connectShared` comes
 * first (the database's caches follow its change bus); `shareState` then gives each stage its
 * shared store: the rate limit's counters, the failed-authentication and in-flight limits, the
 * journal, fault rules, chat fixtures and violations. See ARCHITECTURE.md, "Several instances".
 */

import type { ChatFixtureInput } from '@assistant-platform/types/admin';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { ChatFixtures } from './admin/chat-fixtures.js';
import { SharedChatFixtures } from './admin/shared-chat-fixtures.js';
import { SharedFaultRules } from './admin/shared-fault-rules.js';
import { SharedJournal } from './admin/shared-journal.js';
import { SharedViolations } from './admin/shared-violations.js';
import type { ServerConfig } from './config/load-config.js';
import type { RedisConfig } from './config/redis-config.js';
import { adminValidator } from './contract/admin-validator.js';
import { ApiError } from './contract/api-error.js';
import type { ChangeBus } from './db/change-watch.js';
import type { AuthFailureLimit } from './pipeline/auth-failure-limit.js';
import { redisChangeBus } from './shared/change-bus.js';
import { sharedInFlightSlots, type TakeSlot } from './shared/in-flight-leases.js';
import { sharedRateLimitStore } from './shared/rate-limit-store.js';
import { shareAuthFailures } from './shared/shared-auth-failures.js';
import { type SharedLog, SharedRedis } from './shared/shared-redis.js';

export interface SharedConnection {
  redis: SharedRedis;
  changeBus: ChangeBus;
  /**
   * What /healthz reports of Redis: whether it answers, and whether the instance serves without
   * it (REDIS_FAILURE=open) or not (closed, /healthz then answers 503).
   */
  health(): Promise<{ redis: 'ok' | 'unavailable'; serving: boolean }>;
  /** Throws a 503 while Redis cannot be reached (a reset checks it before changing anything). */
  assertReachable(): void;
}

export interface SharedState {
  rateLimitStore: FastifyRateLimitStoreCtor;
  inFlight: TakeSlot;
  journal: SharedJournal;
  faultRules: SharedFaultRules;
  chatFixtures: SharedChatFixtures;
  violations: SharedViolations;
  close(): Promise<void>;
}

export async function connectShared(config: RedisConfig, log: SharedLog): Promise<SharedConnection> {
  const redis = await SharedRedis.connect(config, log);
  try {
    return {
      redis,
      changeBus: await redisChangeBus(redis),
      async health() {
        const up = (await redis.problem()) === undefined;
        return { redis: up ? 'ok' : 'unavailable', serving: up || config.failure === 'open' };
      },
      assertReachable() {
        if (!redis.isUp()) throw new ApiError(503, [], 1);
      },
    };
  } catch (error) {
    await redis.close();
    throw error;
  }
}

export async function shareState(
  { redis }: SharedConnection,
  config: ServerConfig,
  log: SharedLog,
  options: { authFailures: AuthFailureLimit; startupChatFixtures: readonly ChatFixtureInput[] },
): Promise<SharedState> {
  const { authFailures } = options;
  authFailures.share(
    await shareAuthFailures(redis, config.authFailureLimit, (address, resetAt) =>
      authFailures.block(address, resetAt),
    ),
  );
  const inFlight = sharedInFlightSlots(redis, config.maxHeavyRequestsPerToken);
  const faultRules = await SharedFaultRules.start(redis, config.faultSeed);
  const chatFixtures = await SharedChatFixtures.start(
    redis,
    new ChatFixtures(adminValidator()),
    options.startupChatFixtures,
  );
  return {
    rateLimitStore: sharedRateLimitStore(redis, config.rateLimit.windowMs, [
      faultRules.versioned,
      chatFixtures.versioned,
    ]),
    inFlight: inFlight.take,
    journal: new SharedJournal(redis, config.journal, (message) => log.warn({}, message)),
    faultRules,
    chatFixtures,
    violations: new SharedViolations(redis, (details, message) => log.warn(details, message)),
    close: async () => {
      inFlight.stop();
      await redis.close();
    },
  };
}
