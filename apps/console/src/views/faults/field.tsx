/** A labelled text input with its error, as the forms of this view use them. */
export function Field(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string | undefined;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal';
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        value={props.value}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
      {props.error && (
        <span id={`${props.id}-error`} class="field-error">
          {props.error}
        </span>
      )}
    </div>
  );
}
