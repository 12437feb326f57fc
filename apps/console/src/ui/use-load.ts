/**
 * Loads data for a view: the value, the failure worded for the page, and a way to load again. A
 * view that reloads on live events may ask again while a load is under way: one load runs at a
 * time, and one more follows it if asked meanwhile, so answers never land out of order and a burst
 * of events costs two loads, not one per event.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<{ again: boolean } | null>(null);
  // The caller names what the load depends on.
  const reload = useCallback(() => {
    if (running.current) {
      running.current.again = true;
      return;
    }
    const run = () => {
      const current = { again: false };
      running.current = current;
      load()
        .then(
          (loaded) => {
            setValue(loaded);
            setError(null);
          },
          (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
        )
        .finally(() => {
          running.current = null;
          if (current.again) run();
        });
    };
    run();
  }, deps);
  useEffect(reload, [reload]);
  return { value, error, reload };
}
