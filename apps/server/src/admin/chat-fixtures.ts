/**
 * The chat fixtures of `/_admin/chat-fixtures` and `CHAT_FIXTURES`: scripted answers for chat
 * requests that match them. This store keeps and picks fixtures; answering with one is the chat
 * operation's, which asks `pick` (its `OperationDeps`) before calling the engine.
 *
 * Decisions: a fixture is an account's (its admin added it: it answers that account's chats only)
 * or operators' (`accountId` null: the start-up ones, and those an operator adds, answer every
 * account's), each owner keeping at most MAX_CHAT_FIXTURES, and a chat walks only its account's and
 * the operators' (owned-list.ts). Fixtures are tried in the order they were added and the first
 * that matches and has `times` left answers; every field of `match` must hold (`messageContains`
 * and `messageMatches` are case-sensitive, `messageMatches` is searched anywhere in the message
 * with RE2, `intent` is one of the request's intents). A disabled fixture (`enabled: false`) is
 * kept, listed and editable, and never answers; an edit (rule-patch.ts) keeps its id, place,
 * account and `used` count. `clear('all')` puts the store back as it
 * started: no fixture, ids from 1. With REDIS_URL this store is an instance's copy of the
 * deployment's fixtures (see shared-chat-fixtures.ts): `follow` applies the changes made through
 * any instance.
 */
import { ContractValidationError } from '@assistant-platform/types';
import {
  ADMIN_DEFAULTS,
  type AdminOperationId,
  type ChatFixture,
  type ChatFixtureInput,
  type ChatFixturePatch,
} from '@assistant-platform/types/admin';
import type { ContractValidator } from '@assistant-platform/types/validation';
import type { RE2JS } from 're2js';
import { type ChatFixturesStore, type FixtureChat, type Reach, reaches } from '../contract/admin-stores.js';
import type { ListChange } from '../shared/shared-list.js';
import { readChatFixturesFile } from './chat-fixtures-file.js';
import { declaredBound } from './declared-bound.js';
import { compileMessagePattern } from './message-pattern.js';
import { OwnedList } from './owned-list.js';
import { patchedChatFixture } from './rule-patch.js';

/** The contract's bound on the fixtures kept per account (and of operators); its `ChatFixtures` file holds as many. */
export const MAX_CHAT_FIXTURES = declaredBound('/chat-fixtures', 'post', 'x-max-per-account');

/** The refusal of one fixture too many for its owner. */
export const tooManyFixtures = () =>
  ContractValidationError.at(
    '',
    `at most ${MAX_CHAT_FIXTURES} chat fixtures are kept per account: remove one first`,
  );

interface Stored {
  fixture: ChatFixture;
  pattern: RE2JS | undefined;
}

/** A fixture as the deployment stores it, without the count of this instance. */
export type StoredChatFixture = Omit<ChatFixture, 'used'>;

/** A new fixture's fields from its input (all but the id). */
export function newChatFixture(
  input: ChatFixtureInput,
  accountId: number | null,
): Omit<StoredChatFixture, 'id'> {
  return {
    accountId,
    match: input.match,
    answer: input.answer,
    times: input.times ?? null,
    enabled: input.enabled ?? ADMIN_DEFAULTS.ChatFixtureInput.enabled,
    createdAt: new Date().toISOString(),
  };
}

/** The contract's ChatFixture, its fields in the contract's order. */
export const chatFixtureOf = (fixture: StoredChatFixture, used: number): ChatFixture => ({
  id: fixture.id,
  // A fixture stored before fixtures had owners was added by an admin of the whole server.
  accountId: fixture.accountId ?? null,
  match: fixture.match,
  answer: fixture.answer,
  times: fixture.times,
  // A fixture stored before fixtures could be disabled answers.
  enabled: fixture.enabled ?? true,
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
  private readonly stored = new OwnedList<Stored>((s) => s.fixture);
  private nextId = 1;

  constructor(private readonly validator: ContractValidator<AdminOperationId>) {}

  add(input: ChatFixtureInput, accountId: number | null): ChatFixture {
    if (this.stored.countOf(accountId) >= MAX_CHAT_FIXTURES) throw tooManyFixtures();
    const stored = storedOf(chatFixtureOf({ id: this.nextId++, ...newChatFixture(input, accountId) }, 0));
    this.stored.add(stored);
    return stored.fixture;
  }

  /** Adds the fixtures of a `CHAT_FIXTURES` file, operators'; a bad file (a ConfigError) adds none. */
  load(file: string): ChatFixture[] {
    const inputs = readChatFixturesFile(file, this.validator);
    if (this.stored.countOf(null) + inputs.length > MAX_CHAT_FIXTURES)
      throw ContractValidationError.at('', `at most ${MAX_CHAT_FIXTURES} chat fixtures are kept`);
    return inputs.map((input) => this.add(input, null));
  }

  list(reach: Reach): ChatFixture[] {
    return this.stored.within(reach).map((s) => s.fixture);
  }

  remove(id: number, reach: Reach): ChatFixture | undefined {
    return this.stored.remove(id, reach)?.fixture;
  }

  /** Edits fixture `id` if it is within reach, in its place and keeping its count. */
  update(id: number, patch: ChatFixturePatch, reach: Reach): ChatFixture | undefined {
    // A pattern RE2 refuses answers 400, whatever the id, as it does with REDIS_URL.
    if (patch.match?.messageMatches !== undefined) compileMessagePattern(patch.match.messageMatches);
    const found = this.stored.find(id);
    if (found === undefined || !reaches(reach, found.fixture.accountId)) return undefined;
    Object.assign(
      found,
      storedOf(chatFixtureOf(patchedChatFixture(found.fixture, patch), found.fixture.used)),
    );
    return found.fixture;
  }

  clear(reach: Reach): number {
    const removed = this.stored.clear(reach);
    if (reach === 'all') this.nextId = 1;
    return removed;
  }

  replace(inputs: readonly ChatFixtureInput[]): number {
    const removed = this.clear('all');
    for (const input of inputs) this.add(input, null);
    return removed;
  }

  /** Applies a change of the deployment's fixtures to this copy. */
  follow(change: ListChange<StoredChatFixture>): void {
    if (change.kind === 'add') {
      if (!this.stored.find(change.item.id)) this.stored.add(storedOf(chatFixtureOf(change.item, 0)));
    } else if (change.kind === 'update') {
      const found = this.stored.find(change.item.id);
      if (found) Object.assign(found, storedOf(chatFixtureOf(change.item, found.fixture.used)));
    } else if (change.kind === 'remove') {
      for (const id of change.ids) this.stored.remove(id);
    } else {
      const used = new Map(this.stored.within('all').map((s) => [s.fixture.id, s.fixture.used]));
      this.stored.clear('all');
      for (const fixture of change.items)
        this.stored.add(storedOf(chatFixtureOf(fixture, change.restart ? 0 : (used.get(fixture.id) ?? 0))));
    }
  }

  /** Marks a fixture as having no `times` left (another instance used them). */
  exhaust(id: number): void {
    const found = this.stored.find(id);
    if (found && found.fixture.times !== null) found.fixture.used = found.fixture.times;
  }

  pick(chat: FixtureChat): ChatFixture | undefined {
    for (const found of this.stored.candidates(chat.accountId))
      if (
        found.fixture.enabled &&
        (found.fixture.times === null || found.fixture.used < found.fixture.times) &&
        matches(found, chat)
      ) {
        found.fixture.used++;
        return found.fixture;
      }
    return undefined;
  }
}
