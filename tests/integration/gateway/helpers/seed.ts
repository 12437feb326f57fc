/** The reference server the gateway tests run against: the shared test seed, under these tests' names. */
import { TEST_TOKENS, testSeed } from '@assistant-platform/server/testing';

/** All scopes, account 1 (which owns agent 1, workspace 7 and transcription 42). */
export const TOKEN = TEST_TOKENS.all;
/** All scopes, account 2. */
export const OTHER_TOKEN = TEST_TOKENS.other;
/** `agents:read` only, account 1. */
export const READ_ONLY_TOKEN = TEST_TOKENS.read;

export const SEED = testSeed;

export const CHAT_INPUT = {
  name: 'Support triage',
  description: 'Answers first-line support questions.',
  instruction: 'Answer politely.',
  intents: ['delivery status'],
  message: { role: 'user' as const, content: [{ type: 'text' as const, text: 'Where is my parcel?' }] },
};
