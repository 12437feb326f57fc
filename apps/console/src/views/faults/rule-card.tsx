/**
 * One fault rule or chat fixture in its list: what it does in words, whether it applies and how
 * often it did, and what can be done to it: edit or duplicate (in the form below the list),
 * disable or enable (at once, `PATCH { enabled }`), remove. Each button names the item, so a
 * screen reader's list of buttons says which rule each acts on.
 */
export function RuleCard(props: {
  /** `rule 3`, `fixture 2`: how the buttons name it. */
  name: string;
  id: number;
  enabled: boolean;
  text: string;
  state: string;
  onEdit: () => void;
  onToggle: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  return (
    <li class={props.enabled ? 'card' : 'card disabled'}>
      <p>
        <strong>#{props.id}</strong> {props.text}
      </p>
      <p class="help">{props.state}</p>
      <div class="actions">
        <button type="button" onClick={props.onEdit}>
          Edit {props.name}
        </button>
        <button type="button" onClick={props.onToggle}>
          {props.enabled ? 'Disable' : 'Enable'} {props.name}
        </button>
        <button type="button" onClick={props.onDuplicate}>
          Duplicate {props.name}
        </button>
        <button type="button" class="danger" onClick={props.onRemove}>
          Remove {props.name}
        </button>
      </div>
    </li>
  );
}
