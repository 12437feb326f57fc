/**
 * A form that builds a fault rule (match, fault, times, probability, enabled) and adds it, or,
 * with a draft, adds the draft's (a copy, one from a request) or saves the edit of the rule it
 * names (PATCH: every field, as shown).
 */
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import {
  EMPTY_FAULT_FORM,
  FAULT_METHODS,
  FAULT_STATUSES,
  faultRuleInput,
  faultRulePatch,
  MAX_DELAY_MS,
} from '../../lib/fault-form.js';
import type { FaultDraft } from '../../lib/form-drafts.js';
import { Field } from './field.js';
import { EnabledField, FormFrame, useDraftForm } from './form-frame.js';

export function FaultForm(props: {
  client: AdminClient;
  draft: FaultDraft | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { client, draft } = props;
  const { fields, set, errors, failure, save } = useDraftForm(draft, EMPTY_FAULT_FORM);
  const submit = (event: Event) => {
    event.preventDefault();
    const id = draft?.editing;
    if (id === undefined)
      save(faultRuleInput(fields), (body) => dataOf(client.POST('/faults', { body })), props.onSaved);
    else
      save(
        faultRulePatch(fields),
        (body) => dataOf(client.PATCH('/faults/{id}', { params: { path: { id } }, body })),
        props.onSaved,
      );
  };
  const text = (
    name: 'path' | 'tokenName' | 'delayMs' | 'ttftMs' | 'tps' | 'disconnectAfter' | 'times' | 'probability',
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
  const check = (name: 'reset' | 'dropAnswer', label: string) => (
    <label class="inline">
      <input
        type="checkbox"
        checked={fields[name]}
        onChange={(event) => set(name)(event.currentTarget.checked)}
      />{' '}
      {label}
    </label>
  );
  return (
    <FormFrame
      draft={draft}
      addTitle="Add a fault rule"
      submitLabel={draft?.editing === undefined ? 'Add fault rule' : `Save rule ${draft.editing}`}
      failure={failure}
      onSubmit={submit}
      onCancel={props.onCancel}
    >
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
        {check('reset', 'Reset the connection')}
        {check('dropAnswer', 'Do the work, then drop the answer (tests retried writes)')}
        {errors.fault && <p class="field-error">{errors.fault}</p>}
      </fieldset>
      {text('times', 'At most this many times (empty: always)')}
      {text('probability', 'Probability (0 to 1, empty: 1)')}
      <EnabledField
        id="fault-enabled"
        checked={fields.enabled}
        onChange={set('enabled')}
        what="applies to no request"
      />
    </FormFrame>
  );
}
