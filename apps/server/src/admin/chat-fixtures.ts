/**
 * The chat fixtures of `/_admin/chat-fixtures` and `CHAT_FIXTURES`: scripted answers for chat
 * requests that match them. This store keeps and picks fixtures; answering with one is the chat
 * operation's, which asks `pick` (through `app.chatFixtures`) before calling the engine.
 *
 * Decisions: fixtures are tried in the order they were added and the first that matches and has
 * `times` left answers; every field of `match` must hold (`messageContains` and `messageMatches`
 * are case-sensitive, `messageMatches` is searched anywhere in the message with RE2, `intent` is one
 * of the request's intents). `clear()` puts the store back as it started: no fixture, ids from 1.
 * With REDIS_URL this store is an instance's copy of the deployment's fixtures (see
 * shared-chat-fixtures.ts): `follow` applies the changes made through any instance.
 */
import { ContractValidationError } from '@assistant-platform/types';
import type { AdminOperationId, ChatFixture, ChatFixtureInput } from '@assistant-platform/types/admin';
import type { ContractValidator } from '@assistant-platform/types/validation';
import type { RE2JS } from 're2js';
import type { ChatFixturesStore, FixtureChat } from '../contract/fastify-types.js';
import type { ListChange } from '../shared/shared-list.js';
import { readChatFixturesFile } from './chat-fixtures-file.js';
import { compileMessagePattern } from './message-pattern.js';

/** The contract's `ChatFixtures` file holds at most as many; each chat walks the list. */
export const MAX_CHAT_FIXTURES = 1000;

interface Stored {
  fixture: ChatFixture;
  pattern: RE2JS | undefined;
}

/** A fixture as the deployment stores it, without the count of this instance. */
export type StoredChatFixture = Omit<ChatFixture, 'used'>;

/** A new fixture's fields from its input (all but the id). */
export function newChatFixture(input: ChatFixtureInput): Omit<StoredChatFixture, 'id'> {
  return {
    match: input.match,
    answer: input.answer,
    times: input.times ?? null,
    createdAt: new Date().toISOString(),
  };
}

/** The contract's ChatFixture, its fields in the contract's order. */
export const chatFixtureOf = (fixture: StoredChatFixture, used: number): ChatFixture => ({
  id: fixture.id,
  match: fixture.match,
  answer: fixture.answer,
  times: fixture.times,
  used,
  createdAt: fixture.createdAt,
});

const storedOf = (fixture: ChatFixture): Stored => ({
  fixture,
  pattern:
    fixture.match.messageMatches === undefined
      ? undefined
      : compileMessagePattern(fixture.match.messageMatches),
});

function matches({ fixture, pattern }: Stored, chat: FixtureChat): boolean {
  const { messageContains, agentName, intent } = fixture.match;
  return (
    (messageContains === undefined || chat.message.includes(messageContains)) &&
    (agentName === undefined || agentName === chat.agentName) &&
    (intent === undefined || chat.intents.includes(intent)) &&
    (pattern === undefined || pattern.matcher(chat.message).find())
  );
}

export class ChatFixtures implements ChatFixturesStore {
  private stored: Stored[] = [];
  private nextId = 1;

  constructor(private readonly validator: ContractValidator<AdminOperationId>) {}

  add(input: ChatFixtureInput): ChatFixture {
    if (this.stored.length >= MAX_CHAT_FIXTURES)
      throw ContractValidationError.at(
        '',
        `at most ${MAX_CHAT_FIXTURES} chat fixtures are kept: remove one first`,
      );
    const stored = storedOf(chatFixtureOf({ id: this.nextId++, ...newChatFixture(input) }, 0));
    this.stored.push(stored);
    return stored.fixture;
  }

  /** Adds the fixtures of a `CHAT_FIXTURES` file; a bad file (a ConfigError) adds none. */
  load(file: string): ChatFixture[] {
    const inputs = readChatFixturesFile(file, this.validator);
    if (this.stored.length + inputs.length > MAX_CHAT_FIXTURES)
      throw ContractValidationError.at('', `at most ${MAX_CHAT_FIXTURES} chat fixtures are kept`);
    return inputs.map((input) => this.add(input));
  }

  list(): ChatFixture[] {
    return this.stored.map((s) => s.fixture);
  }

  remove(id: number): ChatFixture | undefined {
    const index = this.stored.findIndex((s) => s.fixture.id === id);
    if (index < 0) return undefined;
    return this.stored.splice(index, 1)[0]?.fixture;
  }

  clear(): number {
    const removed = this.stored.length;
    this.stored = [];
    this.nextId = 1;
    return removed;
  }

  replace(inputs: readonly ChatFixtureInput[]): number {
    const removed = this.clear();
    for (const input of inputs) this.add(input);
    return removed;
  }

  /** Applies a change of the deployment's fixtures to this copy. */
  follow(change: ListChange<StoredChatFixture>): void {
    if (change.kind === 'add') {
      if (!this.stored.some((s) => s.fixture.id === change.item.id))
        this.stored.push(storedOf(chatFixtureOf(change.item, 0)));
    } else if (change.kind === 'remove') {
      this.stored = this.stored.filter((s) => s.fixture.id !== change.id);
    } else {
      const used = new Map(this.stored.map((s) => [s.fixture.id, s.fixture.used]));
      this.stored = change.items.map((fixture) =>
        storedOf(chatFixtureOf(fixture, change.restart ? 0 : (used.get(fixture.id) ?? 0))),
      );
    }
  }

  /** Marks a fixture as having no `times` left (another instance used them). */
  exhaust(id: number): void {
    const found = this.stored.find((s) => s.fixture.id === id);
    if (found && found.fixture.times !== null) found.fixture.used = found.fixture.times;
  }

  pick(chat: FixtureChat): ChatFixture | undefined {
    const found = this.stored.find(
      (s) => (s.fixture.times === null || s.fixture.used < s.fixture.times) && matches(s, chat),
    );
    if (!found) return undefined;
    found.fixture.used++;
    return found.fixture;
  }
}
