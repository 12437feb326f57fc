/**
 * What a deployment's database holds, asked directly: how many agents carry each name, so a suite
 * can tell a write done once from one done twice or not at all.
 */
import pg from 'pg';

export async function agentsByName(databaseUrl: string, prefix: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; count: number }>(
      'select name, count(*)::int as count from agents where name like $1 group by name',
      [`${prefix}%`],
    );
    return new Map(rows.map((row) => [row.name, row.count]));
  } finally {
    await client.end();
  }
}
