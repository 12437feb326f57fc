/**
 * The server's state: reset to start-up, export (a JSON download), import (a JSON file). Reset and
 * import replace data, so each asks first.
 */
import type { State } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { ConfirmDialog, Failure } from '../../ui/common.js';

type Pending = { kind: 'reset' } | { kind: 'import'; state: State; fileName: string } | null;

function download(state: State) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(state, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `state-${new Date().toISOString().replaceAll(':', '-')}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

export function StateView({ client }: { client: AdminClient }) {
  const [pending, setPending] = useState<Pending>(null);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = (what: string) => (summary: Record<string, number>) => {
    setError(null);
    setResult(
      `${what}: ${Object.entries(summary)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ')}.`,
    );
  };
  const fail = (failure: Error) => setError(failure.message);
  const confirm = () => {
    const held = pending;
    setPending(null);
    if (held?.kind === 'reset') dataOf(client.POST('/reset')).then(done('Reset to the start-up state'), fail);
    if (held?.kind === 'import')
      dataOf(client.PUT('/state', { body: held.state })).then(done(`Imported ${held.fileName}`), fail);
  };
  const exportState = () => dataOf(client.GET('/state')).then(download, fail);
  const chooseFile = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      setPending({ kind: 'import', state: JSON.parse(await file.text()) as State, fileName: file.name });
    } catch {
      setError(`${file.name} is not JSON.`);
    }
  };
  return (
    <section aria-labelledby="state-title">
      <h2 id="state-title">State</h2>
      <Failure text={error} />
      {result && (
        <p class="notice" role="status">
          {result}
        </p>
      )}
      <div class="card">
        <h3>Reset</h3>
        <p>Back to the start-up data; empties the journal, fault rules and chat fixtures.</p>
        <button type="button" class="danger" onClick={() => setPending({ kind: 'reset' })}>
          Reset server
        </button>
      </div>
      <div class="card">
        <h3>Export</h3>
        <p>All data as a seed document (tokens as hashes).</p>
        <button type="button" onClick={exportState}>
          Download state
        </button>
      </div>
      <div class="card">
        <h3>Import</h3>
        <label for="state-file">Replace all data with a state file (JSON)</label>
        <input id="state-file" type="file" accept="application/json,.json" onChange={chooseFile} />
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'import' ? 'Replace all data?' : 'Reset the server?'}
        confirmLabel={pending?.kind === 'import' ? 'Replace all data' : 'Reset everything'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending?.kind === 'import'
            ? `Every account, token, workspace, transcription and agent is replaced by ${pending.fileName}.`
            : 'All data goes back to the start-up seed; the journal, fault rules and fixtures are emptied.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
