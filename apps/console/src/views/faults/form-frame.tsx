/**
 * What the fault and fixture forms share around their fields: a heading that says what the form
 * does (add, edit rule N, a copy, from a request), which takes focus and is scrolled into view
 * when a draft arrives (from a rule's Edit or Duplicate, or from the Requests view), so a keyboard
 * user lands on it; once saved or cancelled, focus goes back to the button that opened it (a
 * rule's Edit), or stays on the heading when that is gone. Also the note of whose requests it
 * applies to, the submit and Cancel buttons, the server's refusal. A draft's fields are the form's
 * starting point until it is saved or cancelled.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { FormDraft } from '../../lib/form-drafts.js';
import type { FormResult } from '../../lib/form-fields.js';
import { Failure } from '../../ui/common.js';

export function FormFrame<Fields>(props: {
  draft: FormDraft<Fields> | null;
  /** The heading with no draft. */
  addTitle: string;
  submitLabel: string;
  failure: string | null;
  onSubmit: (event: Event) => void;
  onCancel: () => void;
  children: ComponentChildren;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Whether the last render had a draft: focus moves only when one ends, not when the form appears.
  const hadDraft = useRef(false);
  const titleId = useId();
  const { draft } = props;
  useEffect(() => {
    const title = heading.current;
    const ended = hadDraft.current && !draft;
    hadDraft.current = draft !== null;
    if (!title) return;
    const form = title.closest('form');
    if (draft) {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body && !form?.contains(active))
        opener.current = active;
      title.focus({ preventScroll: true });
      form?.scrollIntoView({ block: 'start' });
      return;
    }
    if (!ended) return;
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
    // The Cancel button that had focus is gone: focus stays in the form.
    else if (document.activeElement === document.body) title.focus({ preventScroll: true });
  }, [draft]);
  return (
    <form
      class={draft ? 'stack drafted' : 'stack'}
      onSubmit={props.onSubmit}
      aria-labelledby={titleId}
      noValidate
    >
      <h3 id={titleId} tabIndex={-1} ref={heading}>
        {draft?.title ?? props.addTitle}
      </h3>
      {draft?.note && <p class="help">{draft.note}</p>}
      {props.children}
      <div class="actions">
        <button type="submit">{props.submitLabel}</button>
        {draft && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
      <Failure text={props.failure} />
    </form>
  );
}

/** The checkbox that adds or keeps a rule or fixture enabled. */
export function EnabledField(props: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  what: string;
}) {
  return (
    <label class="inline" for={props.id}>
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />{' '}
      Enabled (unchecked: kept, but {props.what})
    </label>
  );
}

interface FormState<Fields> {
  /** The draft these fields started from: another draft starts the form again. */
  draft: FormDraft<Fields> | null;
  fields: Fields;
  errors: Record<string, string>;
  failure: string | null;
}

/**
 * A form's fields, errors and failure, started from `draft` (or `empty`) and started again, in
 * the same render, when another draft comes: never a render with the new heading over the old
 * fields.
 */
export function useDraftForm<Fields>(draft: FormDraft<Fields> | null, empty: Fields) {
  const fresh = (from: FormDraft<Fields> | null): FormState<Fields> => ({
    draft: from,
    fields: from?.fields ?? empty,
    errors: {},
    failure: null,
  });
  const [held, setHeld] = useState(() => fresh(draft));
  const state = held.draft === draft ? held : fresh(draft);
  const update = (change: Partial<FormState<Fields>>) =>
    setHeld((previous) => ({ ...(previous.draft === draft ? previous : fresh(draft)), ...change }));
  return {
    ...state,
    /** A setter for field `name`, as inputs give values: text, or checked for a checkbox. */
    set: (name: keyof Fields) => (value: string | boolean) =>
      setHeld((previous) => {
        const current = previous.draft === draft ? previous : fresh(draft);
        return { ...current, fields: { ...current.fields, [name]: value } };
      }),
    /**
     * Sends what the fields built (its errors shown instead when they are wrong); once the server
     * took it the form is empty again and `onSaved` runs, else the server's refusal is shown.
     */
    save<Value>(built: FormResult<Value>, send: (value: Value) => Promise<unknown>, onSaved: () => void) {
      if (!built.ok) return update({ errors: built.errors });
      update({ errors: {} });
      send(built.value).then(
        () => {
          setHeld({ ...fresh(draft), fields: empty });
          onSaved();
        },
        (error: Error) => update({ failure: error.message }),
      );
    },
  };
}
