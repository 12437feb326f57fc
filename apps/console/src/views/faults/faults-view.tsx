/**
 * Fault rules and chat fixtures: what is set, how often each has fired, forms to add more, and the
 * journal's recent requests that got a fault. It follows the journal stream while shown: a request
 * that got a rule's fault or a fixture's answer reads that list again (its count moved), and one
 * that got any fault joins "Fired recently", so nothing here waits for Reload.
 */
import type { JournalEntry } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { mergeEntries } from '../../lib/request-filter.js';
import { Failure, StreamStatus } from '../../ui/common.js';
import { useJournalStream } from '../../ui/use-journal-stream.js';
import { useLoad } from '../../ui/use-load.js';
import { FaultForm } from './fault-form.js';
import { FaultRules } from './fault-rules.js';
import { FIRED_SHOWN, FiredRecently } from './fired-recently.js';
import { FixtureForm } from './fixture-form.js';
import { Fixtures } from './fixtures.js';

/** The journal's default size: "recently" is what it still holds. */
const JOURNAL_READ = 1000;

export function FaultsView({ client, token }: { client: AdminClient; token: string }) {
  const faults = useLoad(() => dataOf(client.GET('/faults')), [client]);
  const fixtures = useLoad(() => dataOf(client.GET('/chat-fixtures')), [client]);
  // Entries the stream brought since the last read of the journal began: anything recorded before
  // that read is in its answer, anything after it arrives here.
  const [streamed, setStreamed] = useState<JournalEntry[]>([]);
  const fired = useLoad(() => {
    setStreamed([]);
    return dataOf(client.GET('/requests', { params: { query: { limit: JOURNAL_READ } } })).then(
      ({ requests }) => requests.filter((entry) => entry.fault !== null),
    );
  }, [client]);
  const reload = () => {
    faults.reload();
    fixtures.reload();
    fired.reload();
  };
  const stream = useJournalStream(
    token,
    (entry) => {
      if (entry.fault?.source === 'rule') faults.reload();
      if (entry.chatFixtureId !== null) fixtures.reload();
      if (entry.fault !== null) setStreamed((held) => mergeEntries(held, [entry], FIRED_SHOWN));
    },
    reload,
  );
  return (
    <section aria-labelledby="faults-title">
      <div class="title-row">
        <h2 id="faults-title">Faults and chat fixtures</h2>
        <div class="title-actions">
          <StreamStatus state={stream} />
          <button type="button" onClick={reload}>
            Reload
          </button>
        </div>
      </div>
      <Failure text={faults.error ?? fixtures.error ?? fired.error} />
      <div class="columns">
        <div>
          <FaultRules client={client} rules={faults.value?.faults ?? []} onChanged={reload} />
          <FaultForm client={client} onAdded={reload} />
          <FiredRecently entries={mergeEntries(streamed, fired.value ?? [], FIRED_SHOWN)} />
        </div>
        <div>
          <Fixtures client={client} fixtures={fixtures.value?.fixtures ?? []} onChanged={reload} />
          <FixtureForm client={client} onAdded={reload} />
        </div>
      </div>
    </section>
  );
}
