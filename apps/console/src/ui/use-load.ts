/** Loads data for a view: the value, the failure worded for the page, and a way to load again. */
import { useCallback, useEffect, useState } from 'preact/hooks';

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  // The caller names what the load depends on.
  const reload = useCallback(() => {
    load().then(
      (loaded) => {
        setValue(loaded);
        setError(null);
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  }, deps);
  useEffect(reload, [reload]);
  return { value, error, reload };
}
