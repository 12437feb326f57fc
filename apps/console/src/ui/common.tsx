/**
 * Small pieces every view uses: a failure notice, whether the journal stream is live, a formatted
 * JSON block, a confirmation dialog, a copy button.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { StreamState } from '../api/journal-stream.js';

export function Failure({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p class="failure" role="alert">
      {text}
    </p>
  );
}

/** Whether what the view shows follows the server as it happens, or why not. */
export function StreamStatus({ state }: { state: StreamState | null }) {
  return (
    <p class={state?.live ? 'live' : 'not-live'} aria-live="polite">
      {state === null ? 'Connecting…' : state.live ? 'Live' : `Not live: ${state.reason}`}
    </p>
  );
}

/** A JSON value indented, or text as it is. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <pre class="code" title={label}>
      {text}
    </pre>
  );
}

/**
 * A modal question with the browser's own <dialog>: focus moves into it, onto Cancel (Enter
 * pressed by habit must not destroy data), Escape cancels, and nothing behind it can be clicked
 * until it is answered.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  return (
    <dialog ref={dialog} aria-labelledby={titleId} onCancel={props.onCancel}>
      <h2 id={titleId}>{props.title}</h2>
      {props.children}
      <div class="actions">
        <button type="button" class="danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
        <button type="button" onClick={props.onCancel} autofocus>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

/**
 * Copies `text` to the clipboard, saying so (or that the browser refused, so the text, shown
 * beside it, must be selected by hand) where a screen reader hears it.
 */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => setSaid(null), [text]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setSaid(done),
      () => setSaid('The browser refused the clipboard: select the text and copy it.'),
    );
  return (
    <span class="copy">
      <button type="button" onClick={copy}>
        {label}
      </button>{' '}
      <span aria-live="polite">{said}</span>
    </span>
  );
}
