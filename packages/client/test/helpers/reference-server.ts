/** Fixtures for tests against the real reference server: two accounts, scoped tokens, data in both. */
import { type ReferenceServer, type SeedFile, startReferenceServer } from '@assistant-platform/server';

export const tokens = {
  all: 'acme-all-scopes',
  readOnly: 'acme-agents-read',
  otherAccount: 'globex-all-scopes',
} as const;

export const seed: SeedFile = {
  accounts: [
    { id: 1, name: 'Acme' },
    { id: 2, name: 'Globex' },
  ],
  tokens: [
    { token: tokens.all, accountId: 1, name: 'all', scopes: ['*'] },
    { token: tokens.readOnly, accountId: 1, name: 'read', scopes: ['agents:read'] },
    { token: tokens.otherAccount, accountId: 2, name: 'globex', scopes: ['*'] },
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
      transcript: { filename: 'call.mp3', transcript: 'Agent: Good morning.' },
      createdAt: '2025-01-02T03:04:05.000Z',
      updatedAt: '2025-01-02T03:04:05.000Z',
    },
    {
      id: 43,
      workspaceId: 8,
      fileName: 'sales.mp3',
      fileUrl: 'https://files.example.org/sales.mp3',
      fileType: 'audio/mpeg',
      duration: 12,
      transcript: { filename: 'sales.mp3', transcript: 'Hello.' },
    },
  ],
  agents: [
    { id: 1, accountId: 1, name: 'Acme agent', instruction: 'Help.' },
    {
      id: 100,
      accountId: 2,
      name: 'Globex agent',
      instruction: 'Sell.',
    },
  ],
};

export function startSeededServer(): Promise<ReferenceServer> {
  // A high limit: these tests must never meet the rate limiter by accident.
  return startReferenceServer({ seed, env: { RATE_LIMIT_MAX: '100000' } });
}
