/**
 * Every write method of the repositories checks, once it has run, that the database can keep it
 * (see OpenDatabase.assertDurable): a write into a deleted or replaced file succeeds in SQLite and
 * is lost at the next start, so it must fail (500) instead of answering 201. Checking after the
 * write is what decides the answer; a check before it too would only double the stat calls.
 */
export function guardWrites(assertDurable: () => void) {
  return <T extends object>(repo: T, writes: (keyof T)[]): T => {
    const guarded = { ...repo };
    for (const key of writes) {
      const write = repo[key] as (...args: unknown[]) => unknown;
      guarded[key] = ((...args: unknown[]) => {
        const result = write.apply(repo, args);
        assertDurable();
        return result;
      }) as T[typeof key];
    }
    return guarded;
  };
}
