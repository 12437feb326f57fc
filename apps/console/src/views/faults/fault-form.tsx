/** A form that builds a fault rule (match, fault, times, probability) and adds it. */
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import {
  EMPTY_FAULT_FORM,
  FAULT_METHODS,
  FAULT_STATUSES,
  type FaultFormFields,
  faultRuleInput,
  MAX_DELAY_MS,
} from '../../lib/fault-form.js';
import { Failure } from '../../ui/common.js';
import { Field } from './field.js';

export function FaultForm({ client, onAdded }: { client: AdminClient; onAdded: () => void }) {
  const [fields, setFields] = useState(EMPTY_FAULT_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (name: keyof FaultFormFields) => (value: string | boolean) =>
    setFields((held) => ({ ...held, [name]: value }));
  const submit = (event: Event) => {
    event.preventDefault();
    const built = faultRuleInput(fields);
    if (!built.ok) return setErrors(built.errors);
    setErrors({});
    dataOf(client.POST('/faults', { body: built.value })).then(
      () => {
        setFailure(null);
        setFields(EMPTY_FAULT_FORM);
        onAdded();
      },
      (error: Error) => setFailure(error.message),
    );
  };
  const text = (
    name: Exclude<keyof FaultFormFields, 'reset' | 'dropAnswer' | 'method' | 'code'>,
    label: string,
    hint?: string,
  ) => (
    <Field
      id={`fault-${name}`}
      label={label}
      value={fields[name]}
      onInput={set(name)}
      error={errors[name]}
      placeholder={hint}
    />
  );
  return (
    <form class="stack" onSubmit={submit} aria-labelledby="fault-form-title" noValidate>
      <h3 id="fault-form-title">Add a fault rule</h3>
      <fieldset>
        <legend>Requests it applies to (empty: every one)</legend>
        <div class="field">
          <label for="fault-method">Method</label>
          <select
            id="fault-method"
            value={fields.method}
            onChange={(event) => set('method')(event.currentTarget.value)}
          >
            <option value="">any</option>
            {FAULT_METHODS.map((method) => (
              <option key={method}>{method}</option>
            ))}
          </select>
        </div>
        {text('path', 'Path', '/v1/agents/view/1 or /v1/agents/*')}
        {text('tokenName', 'Token name')}
      </fieldset>
      <fieldset>
        <legend>Fault</legend>
        <div class="field">
          <label for="fault-code">Answer status</label>
          <select
            id="fault-code"
            value={fields.code}
            onChange={(event) => set('code')(event.currentTarget.value)}
          >
            <option value="">none</option>
            {FAULT_STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </div>
        {text('delayMs', `Delay (ms, up to ${MAX_DELAY_MS})`)}
        {text('ttftMs', 'Stream: time to first event (ms)')}
        {text('tps', 'Stream: events per second')}
        {text('disconnectAfter', 'Stream: cut after N events')}
        <label class="inline">
          <input
            type="checkbox"
            checked={fields.reset}
            onChange={(event) => set('reset')(event.currentTarget.checked)}
          />{' '}
          Reset the connection
        </label>
        <label class="inline">
          <input
            type="checkbox"
            checked={fields.dropAnswer}
            onChange={(event) => set('dropAnswer')(event.currentTarget.checked)}
          />{' '}
          Do the work, then drop the answer (tests retried writes)
        </label>
        {errors.fault && <p class="field-error">{errors.fault}</p>}
      </fieldset>
      {text('times', 'At most this many times (empty: always)')}
      {text('probability', 'Probability (0 to 1, empty: 1)')}
      <button type="submit">Add fault rule</button>
      <Failure text={failure} />
    </form>
  );
}
