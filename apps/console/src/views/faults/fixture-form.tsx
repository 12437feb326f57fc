/**
 * A form that builds a chat fixture (match, answer as text or JSON with an optional finish
 * reason, times, enabled) and adds it, or, with a draft, adds the draft's (a copy, one from a
 * recorded chat) or saves the edit of the fixture it names (PATCH: every field, as shown).
 */
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import {
  chatFixtureInput,
  chatFixturePatch,
  EMPTY_FIXTURE_FORM,
  FINISH_REASONS,
  type FixtureFormFields,
} from '../../lib/fixture-form.js';
import type { FixtureDraft } from '../../lib/form-drafts.js';
import { Field } from './field.js';
import { EnabledField, FormFrame, useDraftForm } from './form-frame.js';

export function FixtureForm(props: {
  client: AdminClient;
  draft: FixtureDraft | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { client, draft } = props;
  const { fields, set, errors, failure, save } = useDraftForm(draft, EMPTY_FIXTURE_FORM);
  const submit = (event: Event) => {
    event.preventDefault();
    const id = draft?.editing;
    if (id === undefined)
      save(
        chatFixtureInput(fields),
        (body) => dataOf(client.POST('/chat-fixtures', { body })),
        props.onSaved,
      );
    else
      save(
        chatFixturePatch(fields),
        (body) => dataOf(client.PATCH('/chat-fixtures/{id}', { params: { path: { id } }, body })),
        props.onSaved,
      );
  };
  const text = (
    name: 'messageContains' | 'messageMatches' | 'agentName' | 'intent' | 'times',
    label: string,
  ) => (
    <Field
      id={`fixture-${name}`}
      label={label}
      value={fields[name]}
      onInput={set(name)}
      error={errors[name]}
    />
  );
  const kind = (value: FixtureFormFields['kind'], label: string) => (
    <label class="inline">
      <input
        type="radio"
        name="fixture-kind"
        checked={fields.kind === value}
        onChange={() => set('kind')(value)}
      />{' '}
      {label}
    </label>
  );
  return (
    <FormFrame
      draft={draft}
      addTitle="Add a chat fixture"
      submitLabel={draft?.editing === undefined ? 'Add chat fixture' : `Save fixture ${draft.editing}`}
      failure={failure}
      onSubmit={submit}
      onCancel={props.onCancel}
    >
      <fieldset>
        <legend>Chats it answers (empty: every one)</legend>
        {text('messageContains', 'Message contains')}
        {text('messageMatches', 'Message matches (RE2 regular expression)')}
        {text('agentName', 'Agent name')}
        {text('intent', 'Intent')}
      </fieldset>
      <fieldset>
        <legend>Answer</legend>
        {kind('content', 'Text')}
        {kind('json', 'JSON')}
        <div class="field">
          <label for="fixture-answer">{fields.kind === 'json' ? 'Answer JSON value' : 'Answer text'}</label>
          <textarea
            id="fixture-answer"
            rows={4}
            value={fields.answer}
            aria-invalid={errors.answer ? true : undefined}
            aria-describedby={errors.answer ? 'fixture-answer-error' : undefined}
            onInput={(event) => set('answer')(event.currentTarget.value)}
          />
          {errors.answer && (
            <span id="fixture-answer-error" class="field-error">
              {errors.answer}
            </span>
          )}
        </div>
        <div class="field">
          <label for="fixture-finish">Finish reason</label>
          <select
            id="fixture-finish"
            value={fields.finishReason}
            onChange={(event) => set('finishReason')(event.currentTarget.value)}
          >
            <option value="">stop (length when max_tokens cuts it)</option>
            {FINISH_REASONS.map((reason) => (
              <option key={reason}>{reason}</option>
            ))}
          </select>
        </div>
      </fieldset>
      {text('times', 'At most this many times (empty: always)')}
      <EnabledField
        id="fixture-enabled"
        checked={fields.enabled}
        onChange={set('enabled')}
        what="answers no chat"
      />
    </FormFrame>
  );
}
