/**
 * Pause and Clear for the request list, each saying what it does: both act on this page's view
 * alone (the server's journal keeps every entry, for other people and tools; reset or the admin
 * API empty it). Paused, the list stays still and says how many requests came meanwhile; cleared,
 * it says how many are hidden and offers them back. Focus never falls off: Pause and Resume are
 * one button, and "Show cleared", which goes once used, hands focus to Clear view.
 */
import { useRef } from 'preact/hooks';

export function ListControls(props: {
  paused: boolean;
  arrived: number;
  hidden: number;
  onPause: () => void;
  onResume: () => void;
  onClear: () => void;
  onShowCleared: () => void;
}) {
  const clear = useRef<HTMLButtonElement>(null);
  return (
    <div class="list-controls">
      <div class="actions">
        <button type="button" onClick={props.paused ? props.onResume : props.onPause}>
          {props.paused ? `Resume${props.arrived > 0 ? ` (${props.arrived} new)` : ''}` : 'Pause'}
        </button>
        <button type="button" ref={clear} onClick={props.onClear}>
          Clear view
        </button>
        {props.hidden > 0 && (
          <button
            type="button"
            onClick={() => {
              props.onShowCleared();
              clear.current?.focus();
            }}
          >
            Show {props.hidden} cleared
          </button>
        )}
      </div>
      <p class="help" aria-live="polite">
        {props.paused
          ? `Paused: the list stays as it is; ${props.arrived === 1 ? '1 request' : `${props.arrived} requests`} came since. `
          : ''}
        Pause and Clear view change this page only: the server’s journal keeps every request
        {props.hidden > 0 ? ` (${props.hidden} cleared from view)` : ''}.
      </p>
    </div>
  );
}
