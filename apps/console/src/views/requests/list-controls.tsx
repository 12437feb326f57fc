/**
 * Pause and Clear for the request list, each saying what it does: both act on this page's view
 * alone (the server's journal keeps every entry, for other people and tools; reset or the admin
 * API empty it). Paused, the list stays still and says how many requests came meanwhile; cleared,
 * it says how many are hidden and offers them back.
 */
export function ListControls(props: {
  paused: boolean;
  arrived: number;
  hidden: number;
  onPause: () => void;
  onResume: () => void;
  onClear: () => void;
  onShowCleared: () => void;
}) {
  return (
    <div class="list-controls">
      <div class="actions">
        {props.paused ? (
          <button type="button" onClick={props.onResume}>
            Resume{props.arrived > 0 ? ` (${props.arrived} new)` : ''}
          </button>
        ) : (
          <button type="button" onClick={props.onPause}>
            Pause
          </button>
        )}
        <button type="button" onClick={props.onClear}>
          Clear view
        </button>
        {props.hidden > 0 && (
          <button type="button" onClick={props.onShowCleared}>
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
