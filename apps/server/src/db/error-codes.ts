/** A string field of an error and of each of its causes, outermost first (Drizzle wraps drivers' errors). */
function causesField(error: unknown, field: 'code' | 'constraint'): string[] {
  const values: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) {
    const value = (e as Error & Partial<Record<typeof field, unknown>>)[field];
    if (typeof value === 'string') values.push(value);
  }
  return values;
}

/** The `code` of an error and of each of its causes, outermost first. */
export function errorCodes(error: unknown): string[] {
  return causesField(error, 'code');
}

/** The `constraint` (node-postgres: the one a write broke) of an error and of each of its causes. */
export function errorConstraints(error: unknown): string[] {
  return causesField(error, 'constraint');
}
