/**
 * A product team's test helper using the published server's `testing` entry, copied into a fresh
 * project as use-testing.mts (ESM) and use-testing.cts (CommonJS, which loads the ESM-only server
 * with import()), type-checked and run: it starts a reference server in-process, reads an agent and
 * scripts a fault through the typed admin client. It prints what it saw as JSON.
 */
/** The testing entry, loaded as an ES module from CommonJS too (the server is ESM-only). */
const loadTesting = () => import('@assistant-platform/server/testing');
type Testing = Awaited<ReturnType<typeof loadTesting>>;
type ReferenceServer = Awaited<ReturnType<Testing['startReferenceServer']>>;

declare const process: { env: Record<string, string | undefined> };

async function main(): Promise<void> {
  const { startReferenceServer, TEST_TOKENS } = await loadTesting();
  const server: ReferenceServer = await startReferenceServer();
  try {
    const headers = { authorization: `Bearer ${TEST_TOKENS.all}` };
    const agent = await fetch(`${server.baseUrl}/agents/view/1`, { headers });
    await server.admin.faults.add({ match: { path: '/v1/agents/view/*' }, fault: { code: 503 }, times: 1 });
    const faulted = await fetch(`${server.baseUrl}/agents/view/1`, { headers });
    const { count } = await server.admin.find({ path: '/v1/agents/view/*' });
    console.log(
      JSON.stringify({
        flavor: process.env.FLAVOR,
        agent: ((await agent.json()) as { data: { name: string } }).data.name,
        faulted: faulted.status,
        journaled: count,
      }),
    );
  } finally {
    await server.close();
  }
}

/** Never called: what the compiler must refuse, so the types above are not `any`. */
export async function refusedByTheTypes(server: ReferenceServer): Promise<void> {
  // @ts-expect-error -- a fault's code is a number
  await server.admin.faults.add({ match: { path: '/v1/*' }, fault: { code: '503' } });
}

main().catch((error: unknown) => {
  console.error(error);
  throw error;
});
