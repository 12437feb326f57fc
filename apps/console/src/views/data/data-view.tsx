/**
 * The server's data, read from GET /_admin/state (the export, tokens as hashes): agents, workspaces
 * with their transcriptions, and tokens, which can be created and revoked here.
 */
import type { AdminClient } from '../../api/admin-client.js';
import { dataOf } from '../../api/admin-client.js';
import { Failure } from '../../ui/common.js';
import { useLoad } from '../../ui/use-load.js';
import { AgentsSection } from './agents-section.js';
import { TokensSection } from './tokens-section.js';
import { WorkspacesSection } from './workspaces-section.js';

export function StoredDataView({ client }: { client: AdminClient }) {
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
            tokens={state.value.tokens ?? []}
            accounts={state.value.accounts ?? []}
            onChanged={state.reload}
          />
        </>
      )}
    </section>
  );
}
