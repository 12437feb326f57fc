/** Workspaces, each with its transcriptions. */
import type { adminComponents } from '@assistant-platform/types/admin';

type Schemas = adminComponents['schemas'];

export function WorkspacesSection(props: {
  workspaces: Schemas['StateWorkspace'][];
  transcriptions: Schemas['StateTranscription'][];
}) {
  return (
    <section aria-labelledby="workspaces-title">
      <h3 id="workspaces-title">Workspaces and transcriptions</h3>
      {props.workspaces.length === 0 && <p class="empty">No workspace.</p>}
      {props.workspaces.map((workspace) => {
        const own = props.transcriptions.filter((t) => t.workspaceId === workspace.id);
        return (
          <details key={workspace.id}>
            <summary>
              #{workspace.id} {workspace.name} (account {workspace.accountId}, {own.length} transcriptions)
            </summary>
            <ul class="plain">
              {own.map((t) => (
                <li key={t.id}>
                  #{t.id} {t.fileName} · {t.status ?? 'unknown'} · {t.duration} s
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </section>
  );
}
