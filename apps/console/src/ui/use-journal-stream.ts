/**
 * A view's follower of the journal stream while it is shown: each new entry to `onEntry`, and
 * `onLive` each time the stream (re)connects, when a view reads again what it may have missed
 * while the stream was down (nothing recorded before a follower joins is sent to it). The
 * callbacks are the latest the view rendered with; the stream restarts only for another token.
 */
import type { JournalEntry } from '@assistant-platform/types/admin';
import { useEffect, useRef, useState } from 'preact/hooks';
import { followJournal, type StreamState } from '../api/journal-stream.js';

export function useJournalStream(
  token: string,
  onEntry: (entry: JournalEntry) => void,
  onLive: () => void,
): StreamState | null {
  const [state, setState] = useState<StreamState | null>(null);
  const latest = useRef({ onEntry, onLive });
  latest.current = { onEntry, onLive };
  useEffect(
    () =>
      followJournal(
        token,
        (entry) => latest.current.onEntry(entry),
        (next) => {
          setState(next);
          if (next.live) latest.current.onLive();
        },
      ),
    [token],
  );
  return state;
}
