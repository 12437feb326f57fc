/** Fixtures of the reference server the gateway tests run against. */
import type { SeedFile } from '@assistant-platform/server';

export const TOKEN = 'gateway-test-token';
export const OTHER_TOKEN = 'other-account-token';
export const READ_ONLY_TOKEN = 'read-only-token';

export const SEED: SeedFile = {
  accounts: [
    { id: 1, name: 'Acme' },
    { id: 2, name: 'Globex' },
  ],
  tokens: [
    { token: TOKEN, accountId: 1, name: 'gateway tests', scopes: ['*'] },
    { token: OTHER_TOKEN, accountId: 2, name: 'other account', scopes: ['*'] },
    { token: READ_ONLY_TOKEN, accountId: 1, name: 'read only', scopes: ['agents:read'] },
  ],
  workspaces: [{ id: 7, accountId: 1, name: 'Support' }],
  transcriptions: [
    {
      id: 42,
      workspaceId: 7,
      fileName: 'call.mp3',
      fileUrl: 'https://files.example.org/call.mp3',
      fileType: 'audio/mpeg',
      duration: 61.5,
      status: 'COMPLETED' as const,
      transcript: { filename: 'call.mp3', transcript: 'Agent: Hello.' },
      createdAt: '2025-01-02T03:04:05.000Z',
    },
  ],
  agents: [
    {
      id: 1,
      accountId: 1,
      name: 'Support triage',
      description: 'Answers first-line support questions.',
      instruction: 'Answer politely.',
      intents: ['refund'],
    },
    { id: 2, accountId: 2, name: 'Globex agent', instruction: 'Belongs to another account.' },
  ],
};

export const CHAT_INPUT = {
  name: 'Support triage',
  description: 'Answers first-line support questions.',
  instruction: 'Answer politely.',
  intents: ['delivery status'],
  message: { role: 'user' as const, content: [{ type: 'text' as const, text: 'Where is my parcel?' }] },
};
