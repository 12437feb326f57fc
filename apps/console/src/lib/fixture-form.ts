/**
 * The chat fixture form's fields turned into the admin API's ChatFixtureInput (to add one) or
 * ChatFixturePatch (to edit one: every field sent, an empty `times` meaning no limit), checked
 * against the admin contract's declared limits (`ADMIN_LIMITS`); and the fields a form starts
 * from: a fixture's own (to edit or duplicate it), or a recorded chat's, whose message it then
 * matches and whose answer it gives again (the text of a streamed one assembled from its events).
 */
import {
  ADMIN_LIMITS,
  type ChatFixture,
  type ChatFixtureInput,
  type ChatFixturePatch,
  type JournalEntry,
} from '@assistant-platform/types/admin';
import { defined, type FormResult, fieldReader } from './form-fields.js';
import { streamAnswer } from './stream-answer.js';

export interface FixtureFormFields {
  messageContains: string;
  messageMatches: string;
  agentName: string;
  intent: string;
  /** `content` answers text; `json` answers the JSON value written in `answer`. */
  kind: 'content' | 'json';
  answer: string;
  /** `stop`, `length`, or empty for the engine's own. */
  finishReason: string;
  times: string;
  enabled: boolean;
}

export const EMPTY_FIXTURE_FORM: FixtureFormFields = {
  messageContains: '',
  messageMatches: '',
  agentName: '',
  intent: '',
  kind: 'content',
  answer: '',
  finishReason: '',
  times: '',
  enabled: true,
};

const {
  ChatFixtureInput: Limits,
  ChatFixtureMatch: MatchLimits,
  ChatFixtureAnswer: AnswerLimits,
} = ADMIN_LIMITS;

/** The finish reasons an answer may name (the contract's FinishReason). */
export const FINISH_REASONS: readonly string[] = AnswerLimits.finishReason.enum;

type Answer = ChatFixtureInput['answer'];

export function chatFixtureInput(fields: FixtureFormFields): FormResult<ChatFixtureInput> {
  const read = fieldReader();
  let answer: Answer = { content: fields.answer };
  if (fields.kind === 'json') {
    try {
      answer = { json: JSON.parse(fields.answer) as unknown };
    } catch {
      read.errors.answer = 'is not valid JSON';
    }
  } else if (fields.answer === '') read.errors.answer = 'is empty';
  if (fields.finishReason !== '')
    answer = { ...answer, finishReason: fields.finishReason as NonNullable<Answer['finishReason']> };
  const times = read.number('times', fields.times, Limits.times);
  const match = defined({
    messageContains: read.text(fields.messageContains),
    messageMatches: read.text(fields.messageMatches),
    agentName: read.text(fields.agentName),
    intent: read.text(fields.intent),
  });
  const enabled = fields.enabled ? undefined : false;
  return read.result(defined({ match, answer, times, enabled }));
}

/** The edit of a fixture: every field as the form has it; an empty `times` is no limit. */
export function chatFixturePatch(fields: FixtureFormFields): FormResult<ChatFixturePatch> {
  const built = chatFixtureInput(fields);
  if (!built.ok) return built;
  const { match, answer, times } = built.value;
  return { ok: true, value: { match, answer, times: times ?? null, enabled: fields.enabled } };
}

/** A fixture's fields, to edit it or to start a copy of it. */
export function fixtureFormOf(
  fixture: Pick<ChatFixture, 'match' | 'answer' | 'times' | 'enabled'>,
): FixtureFormFields {
  const { answer } = fixture;
  const json = !('content' in answer) || answer.content === undefined;
  return {
    messageContains: fixture.match.messageContains ?? '',
    messageMatches: fixture.match.messageMatches ?? '',
    agentName: fixture.match.agentName ?? '',
    intent: fixture.match.intent ?? '',
    kind: json ? 'json' : 'content',
    answer: json ? JSON.stringify(answer.json, null, 2) : (answer.content ?? ''),
    finishReason: answer.finishReason ?? '',
    times: fixture.times === null ? '' : String(fixture.times),
    enabled: fixture.enabled,
  };
}

/** The text of a chat request's message, as a fixture's `message…` fields see it (its text blocks, one a line). */
function messageOf(body: unknown): string {
  const content = (body as { message?: { content?: unknown } } | null)?.message?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .flatMap((block: { type?: unknown; text?: unknown }) =>
      block?.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
    )
    .join('\n');
}

/** The answer a recorded chat got: its first choice's text, or a stream's assembled text. */
function answerOf(entry: Pick<JournalEntry, 'responseBody' | 'events'>): string {
  if (entry.events !== null) return streamAnswer(entry.events, false).text;
  const body = entry.responseBody as { data?: { request?: { message?: { content?: unknown } }[] } } | null;
  const content = body?.data?.request?.[0]?.message?.content;
  return typeof content === 'string' ? content : '';
}

/**
 * A new fixture for chats like a recorded one: its message's first line that has text (a one-line
 * field; as much of it as a fixture may hold), and the answer it got.
 */
export function fixtureFormFromRequest(
  entry: Pick<JournalEntry, 'requestBody' | 'responseBody' | 'events'>,
): FixtureFormFields {
  const line = messageOf(entry.requestBody)
    .split('\n')
    .find((each) => each.trim() !== '');
  return {
    ...EMPTY_FIXTURE_FORM,
    messageContains: (line ?? '').trim().slice(0, MatchLimits.messageContains.maxLength),
    answer: answerOf(entry),
  };
}
