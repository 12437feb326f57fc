/** A form that builds a chat fixture (match, answer as text or JSON, times) and adds it. */
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { chatFixtureInput, EMPTY_FIXTURE_FORM, type FixtureFormFields } from '../../lib/fixture-form.js';
import { Failure } from '../../ui/common.js';
import { Field } from './field.js';

export function FixtureForm({ client, onAdded }: { client: AdminClient; onAdded: () => void }) {
  const [fields, setFields] = useState(EMPTY_FIXTURE_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (name: keyof FixtureFormFields) => (value: string) =>
    setFields((held) => ({ ...held, [name]: value }));
  const submit = (event: Event) => {
    event.preventDefault();
    const built = chatFixtureInput(fields);
    if (!built.ok) return setErrors(built.errors);
    setErrors({});
    dataOf(client.POST('/chat-fixtures', { body: built.value })).then(
      () => {
        setFailure(null);
        setFields(EMPTY_FIXTURE_FORM);
        onAdded();
      },
      (error: Error) => setFailure(error.message),
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
  return (
    <form class="stack" onSubmit={submit} aria-labelledby="fixture-form-title" noValidate>
      <h3 id="fixture-form-title">Add a chat fixture</h3>
      <fieldset>
        <legend>Chats it answers (empty: every one)</legend>
        {text('messageContains', 'Message contains')}
        {text('messageMatches', 'Message matches (RE2 regular expression)')}
        {text('agentName', 'Agent name')}
        {text('intent', 'Intent')}
      </fieldset>
      <fieldset>
        <legend>Answer</legend>
        <label class="inline">
          <input
            type="radio"
            name="kind"
            checked={fields.kind === 'content'}
            onChange={() => set('kind')('content')}
          />{' '}
          Text
        </label>
        <label class="inline">
          <input
            type="radio"
            name="kind"
            checked={fields.kind === 'json'}
            onChange={() => set('kind')('json')}
          />{' '}
          JSON
        </label>
        <div class="field">
          <label for="fixture-answer">{fields.kind === 'json' ? 'JSON value' : 'Text'}</label>
          <textarea
            id="fixture-answer"
            rows={4}
            value={fields.answer}
            aria-invalid={errors.answer ? true : undefined}
            onInput={(event) => set('answer')(event.currentTarget.value)}
          />
          {errors.answer && <span class="field-error">{errors.answer}</span>}
        </div>
      </fieldset>
      {text('times', 'At most this many times (empty: always)')}
      <button type="submit">Add chat fixture</button>
      <Failure text={failure} />
    </form>
  );
}
