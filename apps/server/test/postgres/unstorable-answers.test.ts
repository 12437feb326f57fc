/**
 * A keyed request whose answer the database refuses to store (PostgreSQL itself raising disk_full
 * on the key's record, from a trigger) answers 503 with `Retry-After` in the contract's envelope,
 * whatever it was about to answer: a 201 (whose work is then rolled back) or an error such as a
 * chat's 404, which the error handler had already made before the store failed. Then a retry with
 * the same key, once the database takes writes again, gets the answer and keeps it.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

let app: FastifyInstance;
let database: string;

/** Runs `text` on the server's database, as its owner. */
async function sql(text: string) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// An answer (a record with its status) for a key starting `unstorable-` does not fit on the disk.
const REFUSE_ANSWERS = `
  CREATE TRIGGER refuse_answer BEFORE INSERT OR UPDATE ON idempotency_records FOR EACH ROW
    WHEN (NEW.status IS NOT NULL AND NEW.key LIKE 'unstorable-%') EXECUTE FUNCTION refuse_answer()`;

const keyed = (url: string, payload: object, key: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...auth(TEST_TOKENS.all), 'idempotency-key': key },
    payload,
  });
const chatToUnknownAgent = (key: string) =>
  keyed('/v1/agents/chat/request', testChatBody({ agents: [999_999] }), key);
const createAgent = (key: string) =>
  keyed('/v1/agents/create', { name: 'Kept only with its answer', instruction: 'x' }, key);
const agentsNamed = async (name: string) => {
  const state = await app.inject({ url: '/_admin/state', headers: auth(TEST_TOKENS.operator) });
  return (state.json().data.agents as { name: string }[]).filter((agent) => agent.name === name).length;
};

beforeAll(async () => {
  database = await testDatabaseUrl();
  app = await serverModule.build(
    serverModule.loadConfig({ DATABASE_URL: database, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000' }),
    { seed: testSeed },
  );
  await sql(`
    CREATE FUNCTION refuse_answer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100';
    END $$;
    ${REFUSE_ANSWERS};
  `);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('a keyed answer the database cannot store', () => {
  it('answers 503 in the envelope for a chat already answered 404, then 404 kept once the disk has room', async () => {
    const refused = await chatToUnknownAgent('unstorable-chat');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expectMatchesContract('chatRequest', 503, refused.json());
    expect(refused.body).not.toContain('No space left');

    await sql('DROP TRIGGER refuse_answer ON idempotency_records');
    try {
      const answered = await chatToUnknownAgent('unstorable-chat');
      expect(answered.statusCode).toBe(404);
      expectMatchesContract('chatRequest', 404, answered.json());
      const replayed = await chatToUnknownAgent('unstorable-chat');
      expect(replayed.statusCode).toBe(404);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
    } finally {
      await sql(REFUSE_ANSWERS);
    }
  });

  it('answers 503 for a create and keeps no agent, then creates one agent once the disk has room', async () => {
    const refused = await createAgent('unstorable-create');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expectMatchesContract('createAgent', 503, refused.json());
    expect(await agentsNamed('Kept only with its answer')).toBe(0);

    await sql('DROP TRIGGER refuse_answer ON idempotency_records');
    const created = await createAgent('unstorable-create');
    expect(created.statusCode).toBe(201);
    const replayed = await createAgent('unstorable-create');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await agentsNamed('Kept only with its answer')).toBe(1);
  });
});
