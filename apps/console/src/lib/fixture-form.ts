/**
 * The chat fixture form's fields turned into the admin API's ChatFixtureInput, checked against the
 * admin contract's declared limits (`ADMIN_LIMITS`).
 */
import { ADMIN_LIMITS, type ChatFixtureInput } from '@assistant-platform/types/admin';
import { defined, type FormResult, fieldReader } from './form-fields.js';

export interface FixtureFormFields {
  messageContains: string;
  messageMatches: string;
  agentName: string;
  intent: string;
  /** `content` answers text; `json` answers the JSON value written in `answer`. */
  kind: 'content' | 'json';
  answer: string;
  times: string;
}

export const EMPTY_FIXTURE_FORM: FixtureFormFields = {
  messageContains: '',
  messageMatches: '',
  agentName: '',
  intent: '',
  kind: 'content',
  answer: '',
  times: '',
};

export function chatFixtureInput(fields: FixtureFormFields): FormResult<ChatFixtureInput> {
  const read = fieldReader();
  let answer: ChatFixtureInput['answer'] = { content: fields.answer };
  if (fields.kind === 'json') {
    try {
      answer = { json: JSON.parse(fields.answer) as unknown };
    } catch {
      read.errors.answer = 'is not valid JSON';
    }
  } else if (fields.answer === '') read.errors.answer = 'is empty';
  const times = read.number('times', fields.times, ADMIN_LIMITS.ChatFixtureInput.times);
  const match = defined({
    messageContains: read.text(fields.messageContains),
    messageMatches: read.text(fields.messageMatches),
    agentName: read.text(fields.agentName),
    intent: read.text(fields.intent),
  });
  return read.result(defined({ match, answer, times }));
}
