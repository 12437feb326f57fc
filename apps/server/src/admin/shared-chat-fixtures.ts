/**
 * The chat fixtures of a deployment that shares a Redis (REDIS_URL), as shared-fault-rules.ts
 * shares fault rules: kept in Redis, copied by every instance, picked from the copy, and counted in
 * Redis only when one answers a chat, so a fixture with `times: N` answers N chats across all
 * instances. The start-up fixtures (`CHAT_FIXTURES`, then those given in code) are put in place by
 * the first instance to start on a Redis that has none; one that joins later (or restarts) leaves
 * what the deployment has. A reset puts the start-up fixtures of the instance it reaches back
 * (instances of one deployment share their configuration).
 *
 * Each fixture carries its account (null: operators', as the start-up ones are), kept beside it in
 * Redis, so the bound is per account and each copy picks, lists, edits and removes by account.
 *
 * The admin operations answer 503 while Redis cannot be reached; a chat a fixture matches is then
 * answered by it without counting it across instances (REDIS_FAILURE=open), or answers 503 (closed).
 */
import type { ChatFixture, ChatFixtureInput, ChatFixturePatch } from '@assistant-platform/types/admin';
import { type ChatFixturesStore, type FixtureChat, type Reach, reaches } from '../contract/admin-stores.js';
import { SharedList, type VersionedCopy } from '../shared/shared-list.js';
import type { SharedRedis } from '../shared/shared-redis.js';
import {
  type ChatFixtures,
  chatFixtureOf,
  MAX_CHAT_FIXTURES,
  newChatFixture,
  type StoredChatFixture,
  tooManyFixtures,
} from './chat-fixtures.js';
import { compileMessagePattern } from './message-pattern.js';
import { patchedChatFixture } from './rule-patch.js';

/** Start-up fixtures (and a reset's) are operators': they answer every account's chats. */
const operators = (inputs: readonly ChatFixtureInput[]) => inputs.map((input) => newChatFixture(input, null));

export class SharedChatFixtures implements ChatFixturesStore {
  private constructor(
    private readonly shared: SharedRedis,
    private readonly copy: ChatFixtures,
    private readonly fixtures: SharedList<StoredChatFixture>,
  ) {}

  /** The copy's version, for a request to bring it up to date (see shared/rate-limit-store.ts). */
  get versioned(): VersionedCopy {
    return this.fixtures;
  }

  /** Follows the deployment's fixtures, putting `startup` in place where it has none yet. */
  static async start(
    shared: SharedRedis,
    copy: ChatFixtures,
    startup: readonly ChatFixtureInput[],
  ): Promise<SharedChatFixtures> {
    const fixtures = new SharedList<StoredChatFixture>(
      shared,
      'chat-fixtures',
      MAX_CHAT_FIXTURES,
      (change) => copy.follow(change),
      (fixture) => fixture.accountId ?? null,
    );
    await fixtures.replace(operators(startup), { ifNew: true });
    await fixtures.start();
    return new SharedChatFixtures(shared, copy, fixtures);
  }

  async add(input: ChatFixtureInput, accountId: number | null): Promise<ChatFixture> {
    // A pattern RE2 refuses answers 400 here, before any instance's copy would meet it.
    if (input.match.messageMatches !== undefined) compileMessagePattern(input.match.messageMatches);
    const added = await this.shared.required(() => this.fixtures.add(newChatFixture(input, accountId)));
    if (added === undefined) throw tooManyFixtures();
    return chatFixtureOf(added, 0);
  }

  async list(reach: Reach): Promise<ChatFixture[]> {
    const { items, uses } = await this.shared.required(() => this.fixtures.read());
    return items
      .map((fixture) => chatFixtureOf(fixture, uses.get(fixture.id) ?? 0))
      .filter((fixture) => reaches(reach, fixture.accountId));
  }

  async remove(id: number, reach: Reach): Promise<ChatFixture | undefined> {
    const removed = await this.shared.required(() => this.fixtures.remove(id, reach));
    return removed && chatFixtureOf(removed.item, removed.uses);
  }

  async update(id: number, patch: ChatFixturePatch, reach: Reach): Promise<ChatFixture | undefined> {
    if (patch.match?.messageMatches !== undefined) compileMessagePattern(patch.match.messageMatches);
    const updated = await this.shared.required(() =>
      this.fixtures.update(id, reach, (fixture) => patchedChatFixture(fixture, patch)),
    );
    return updated && chatFixtureOf(updated.item, updated.uses);
  }

  async clear(reach: Reach): Promise<number> {
    if (reach === 'all') return this.replace([]);
    return this.shared.required(() => this.fixtures.removeOwned(reach));
  }

  async replace(inputs: readonly ChatFixtureInput[]): Promise<number> {
    return this.shared.required(() => this.fixtures.replace(operators(inputs)));
  }

  async pick(chat: FixtureChat): Promise<ChatFixture | undefined> {
    for (;;) {
      const fixture = this.copy.pick(chat);
      if (fixture === undefined) return undefined;
      const counted = await this.shared.shared(
        () => this.fixtures.claim(fixture.id, fixture.times),
        () => true,
      );
      if (counted) return fixture;
      this.copy.exhaust(fixture.id);
    }
  }
}
