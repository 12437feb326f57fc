/**
 * The data the signed-in token administers, read from GET /_admin/state (the export, tokens as
 * hashes): its account's, or every account's for an operator. Agents, workspaces with their
 * transcriptions, and tokens, which can be created and revoked here.
 */
import type { Caller } from '@assistant-platform/types/admin';
import type { AdminClient } from '../../api/admin-client.js';
import { dataOf } from '../../api/admin-client.js';
import { Failure } from '../../ui/common.js';
import { useLoad } from '../../ui/use-load.js';
import { AgentsSection } from './agents-section.js';
import { TokensSection } from './tokens-section.js';
import { WorkspacesSection } from './workspaces-section.js';

export function StoredDataView({
  client,
  caller,
  onSignedOut,
}: {
  client: AdminClient;
  caller: Caller;
  onSignedOut: () => void;
}) {
  const state = useLoad(() => dataOf(client.GET('/state')), [client]);
  return (
    <section aria-labelledby="data-title">
      <div class="title-row">
        <h2 id="data-title">Data</h2>
        <button type="button" onClick={state.reload}>
          Reload
        </button>
      </div>
      <Failure text={state.error} />
      {state.value && (
        <>
          <AgentsSection agents={state.value.agents ?? []} />
          <WorkspacesSection
            workspaces={state.value.workspaces ?? []}
            transcriptions={state.value.transcriptions ?? []}
          />
          <TokensSection
            client={client}
            caller={caller}
            tokens={state.value.tokens ?? []}
            accounts={state.value.accounts ?? []}
            onChanged={state.reload}
            onSignedOut={onSignedOut}
          />
        </>
      )}
    </section>
  );
}
