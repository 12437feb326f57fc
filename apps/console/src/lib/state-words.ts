/**
 * The State view's words for what reset, export and import cover, true for the signed-in view
 * (admin.yaml, `POST /reset` and `PUT /state`): an operator's reset puts the whole server back to
 * what it had at start-up, an account's admin's puts its account back and leaves the rest alone.
 * Either way every token made since start-up is dropped, whoever made it (this page, the admin API
 * or the CLI, `token create`): the start-up data has none of them. A reset that would drop the
 * token it is made with is refused, so the page says which token to use.
 */
import type { Caller } from '@assistant-platform/types/admin';

const LOCK_OUT =
  'A reset that would drop the token you are signed in with (one made since start-up) is refused and changes nothing: sign in with a start-up token to reset.';

export function stateWords(caller: Pick<Caller, 'view' | 'accountId'>) {
  if (caller.view === 'operator')
    return {
      reset: 'Reset server',
      resetTitle: 'Reset the server?',
      resetConfirm: 'Reset everything',
      resetText: 'Puts every account back to the data the server had at start-up.',
      resetDrops: [
        'every token made since start-up: on the Data page, through the admin API, or with the CLI (`pnpm cli token create`)',
        'every account, agent, workspace and transcription made or changed since start-up',
        'the whole journal, every fault rule, the chat fixtures added since start-up, the answers stored for Idempotency-Keys, the violations summary',
      ],
      resetKeeps: [
        'the start-up data: the seed’s accounts, tokens and records, and the dev token or first token the server made at start-up',
        'the start-up chat fixtures (`CHAT_FIXTURES`, read again)',
      ],
      lockOut: LOCK_OUT,
      exportText: 'All data as a seed document (tokens as hashes).',
      importLabel: 'Replace all data with a state file (JSON)',
      importTitle: 'Replace all data?',
      importConfirm: 'Replace all data',
      importWarning: (file: string) =>
        `Every account, token, workspace, transcription and agent is replaced by ${file}.`,
    };
  const account = `account ${caller.accountId}`;
  return {
    reset: `Reset ${account}`,
    resetTitle: `Reset ${account}?`,
    resetConfirm: `Reset ${account}`,
    resetText: `Puts ${account} back to the data it had at start-up. Other accounts are untouched.`,
    resetDrops: [
      `${account}’s tokens made since start-up: on the Data page, through the admin API, or with the CLI (\`pnpm cli token create\`)`,
      `${account}’s agents, workspaces and transcriptions made or changed since start-up`,
      `${account}’s journal entries, fault rules and chat fixtures, and the answers stored for its Idempotency-Keys`,
    ],
    resetKeeps: [
      `${account}’s start-up data: its tokens and records in the seed`,
      'every other account’s data, requests, rules and fixtures',
      `the operators’ fault rules and chat fixtures (they apply to ${account}’s requests too) and the operators’ tokens`,
    ],
    lockOut: LOCK_OUT,
    exportText: `${account}’s data as a seed document (tokens as hashes).`,
    importLabel: `Replace ${account}’s data with a state file (JSON)`,
    importTitle: `Replace ${account}’s data?`,
    importConfirm: `Replace ${account}’s data`,
    importWarning: (file: string) =>
      `${account}’s tokens, workspaces, transcriptions and agents are replaced by ${file}.`,
  };
}
