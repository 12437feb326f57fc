/** The `code` of an error and of each of its causes, outermost first (Drizzle wraps drivers' errors). */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}
