/**
 * Fixtures for tests that run against the reference server (this repository's server, SDK, gateway
 * and integration suites use them; so can a product team's, from `@assistant-platform/server/testing`).
 * The seed has two accounts, so cross-account answers (403) can be tested, and a token for every
 * scope plus a `*` token for each account, so each scope's refusal can be tested, and the two
 * kinds of administration: `admin` (account 1's) and `operator` (the whole server's, what
 * `startReferenceServer()`'s admin client uses). Each token's name is its key in TEST_TOKENS (what
 * the journal shows and fault rules match).
 */
import type { ChatRequestBody } from '@assistant-platform/types';
import type { SeedFile } from './seed/seed-file.js';

/** Tokens of the fixture seed: one per scope (the admin API's two included) and a `*` token per account. */
export const TEST_TOKENS = {
  all: 'token-acme-all',
  other: 'token-globex-all',
  read: 'token-acme-agents-read',
  write: 'token-acme-agents-write',
  chat: 'token-acme-agents-chat',
  transcriptions: 'token-acme-transcriptions',
  embeddings: 'token-acme-embeddings',
  admin: 'token-acme-admin',
  operator: 'token-operator',
} as const;

export const TEST_AGENT_REFERENCE_ID = '11111111-2222-4333-8444-555555555555';

/** Account 1 (Acme) owns workspace 7, transcription 42 and agents 1–2; account 2 (Globex) the rest. */
export const testSeed: SeedFile = {
  accounts: [
    { id: 1, name: 'Acme' },
    { id: 2, name: 'Globex' },
  ],
  tokens: [
    { token: TEST_TOKENS.all, accountId: 1, name: 'all', scopes: ['*'] },
    { token: TEST_TOKENS.other, accountId: 2, name: 'other', scopes: ['*'] },
    { token: TEST_TOKENS.read, accountId: 1, name: 'read', scopes: ['agents:read'] },
    { token: TEST_TOKENS.write, accountId: 1, name: 'write', scopes: ['agents:write'] },
    { token: TEST_TOKENS.chat, accountId: 1, name: 'chat', scopes: ['agents:chat'] },
    {
      token: TEST_TOKENS.transcriptions,
      accountId: 1,
      name: 'transcriptions',
      scopes: ['transcriptions:write'],
    },
    { token: TEST_TOKENS.embeddings, accountId: 1, name: 'embeddings', scopes: ['embeddings:create'] },
    { token: TEST_TOKENS.admin, accountId: 1, name: 'admin', scopes: ['admin'] },
    { token: TEST_TOKENS.operator, accountId: 1, name: 'operator', scopes: ['operator'] },
  ],
  workspaces: [
    { id: 7, accountId: 1, name: 'Support' },
    { id: 8, accountId: 2, name: 'Sales' },
  ],
  transcriptions: [
    {
      id: 42,
      workspaceId: 7,
      fileName: 'call.mp3',
      fileUrl: 'https://files.example.org/call.mp3',
      fileType: 'audio/mpeg',
      duration: 61.5,
      status: 'COMPLETED',
      transcript: { filename: 'call.mp3', transcript: 'original text' },
      createdAt: '2025-01-02T03:04:05.000Z',
    },
    {
      id: 43,
      workspaceId: 8,
      fileName: 'sales.mp3',
      fileUrl: 'https://files.example.org/sales.mp3',
      fileType: 'audio/mpeg',
      duration: 10,
      status: 'COMPLETED',
      transcript: { filename: 'sales.mp3', transcript: 'globex text' },
      createdAt: '2025-01-02T03:04:05.000Z',
    },
  ],
  agents: [
    {
      id: 1,
      accountId: 1,
      agentReferenceId: TEST_AGENT_REFERENCE_ID,
      name: 'Support triage',
      description: 'Answers support questions.',
      instruction: 'Answer politely.',
      intents: ['refund'],
      knowledgeBaseId: 12,
      tools: [{ type: 'svc_tool', svc_tool: 'web_search_tool' }],
    },
    { id: 2, accountId: 1, name: 'Billing', instruction: 'Explain invoices.', intents: ['invoice'] },
    { id: 3, accountId: 2, name: 'Globex sales', instruction: 'Qualify leads.' },
  ],
};

/**
 * A minimal valid chat request (the declared defaults fill in the rest). `extra` fields replace its
 * own, valid or not: the result's type says which.
 */
export function testChatBody(): ChatRequestBody;
export function testChatBody<Extra extends object>(extra: Extra): Omit<ChatRequestBody, keyof Extra> & Extra;
export function testChatBody(extra: object = {}): ChatRequestBody {
  return {
    name: 'Support triage',
    description: 'Answers support questions.',
    instruction: 'Answer politely.',
    intents: ['refund'],
    message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
    ...extra,
  };
}
