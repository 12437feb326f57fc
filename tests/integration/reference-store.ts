/**
 * Where the reference server of a suite keeps its data: in memory (project `integration`), or a new
 * PostgreSQL database (project `integration:postgres`, TEST_STORE=postgres), so the SDK and the
 * gateway are certified against both stores. Spread into startReferenceServer's `env`.
 */
export async function storeEnv(): Promise<Record<string, string>> {
  if (process.env.TEST_STORE !== 'postgres') return {};
  const { newTestDatabase } = await import('@assistant-platform/test-postgres/test-database');
  return { DATABASE_URL: await newTestDatabase() };
}
