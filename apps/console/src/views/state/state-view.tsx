/**
 * The state the signed-in token administers (its account's, or the whole server's for an
 * operator): reset to start-up, export (a JSON download), import (a JSON file). Reset and import
 * replace data, so each asks first, saying what it covers; what a reset drops and keeps is listed
 * beside it (lib/state-words.ts), the tokens made since start-up (the CLI's too) first.
 */
import type { Caller, State } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { stateWords } from '../../lib/state-words.js';
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

export function StateView({ client, caller }: { client: AdminClient; caller: Caller }) {
  const words = stateWords(caller);
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
        <p>{words.resetText}</p>
        <ResetList title="It drops" items={words.resetDrops} />
        <ResetList title="It keeps" items={words.resetKeeps} />
        <p class="help">{words.lockOut}</p>
        <button type="button" class="danger" onClick={() => setPending({ kind: 'reset' })}>
          {words.reset}
        </button>
      </div>
      <div class="card">
        <h3>Export</h3>
        <p>{words.exportText}</p>
        <button type="button" onClick={exportState}>
          Download state
        </button>
      </div>
      <div class="card">
        <h3>Import</h3>
        <label for="state-file">{words.importLabel}</label>
        <input id="state-file" type="file" accept="application/json,.json" onChange={chooseFile} />
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'import' ? words.importTitle : words.resetTitle}
        confirmLabel={pending?.kind === 'import' ? words.importConfirm : words.resetConfirm}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'import' ? (
          <p>{words.importWarning(pending.fileName)}</p>
        ) : (
          <>
            <p>{words.resetText}</p>
            <ResetList title="It drops" items={words.resetDrops} />
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** A titled list of what a reset does, its `code` spans (a command, a variable) shown as code. */
function ResetList({ title, items }: { title: string; items: string[] }) {
  return (
    <>
      <h4>{title}</h4>
      <ul>
        {items.map((item) => (
          <li key={item}>
            {item.split('`').map((part, index) => (index % 2 === 1 ? <code key={part}>{part}</code> : part))}
          </li>
        ))}
      </ul>
    </>
  );
}
