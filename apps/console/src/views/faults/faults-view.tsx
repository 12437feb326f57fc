/**
 * Fault rules and chat fixtures: what is set, how often each has fired, forms to add, edit and
 * duplicate them, and the journal's recent requests that got a fault. It follows the journal
 * stream while shown: a request that got a rule's fault or a fixture's answer reads that list
 * again (its count moved), and one that got any fault joins "Fired recently", so nothing here
 * waits for Reload. A draft made on the Requests view ("new fault rule from this request") opens
 * in its form when the view does.
 */
import type { Caller, JournalEntry } from '@assistant-platform/types/admin';
import { useEffect, useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import {
  duplicateFaultDraft,
  duplicateFixtureDraft,
  editFaultDraft,
  editFixtureDraft,
  type FaultDraft,
  type FixtureDraft,
  type RequestDraft,
} from '../../lib/form-drafts.js';
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

export function FaultsView(props: {
  client: AdminClient;
  token: string;
  caller: Caller;
  /** A draft from the Requests view, taken once this view shows it. */
  incoming: RequestDraft | null;
  onIncomingTaken: () => void;
}) {
  const { client, token, caller, incoming, onIncomingTaken } = props;
  const faults = useLoad(() => dataOf(client.GET('/faults')), [client]);
  const fixtures = useLoad(() => dataOf(client.GET('/chat-fixtures')), [client]);
  const [faultDraft, setFaultDraft] = useState<FaultDraft | null>(null);
  const [fixtureDraft, setFixtureDraft] = useState<FixtureDraft | null>(null);
  useEffect(() => {
    if (!incoming) return;
    if (incoming.kind === 'fault') setFaultDraft(incoming.draft);
    else setFixtureDraft(incoming.draft);
    onIncomingTaken();
  }, [incoming, onIncomingTaken]);
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
          <FaultRules
            client={client}
            rules={faults.value?.faults ?? []}
            onChanged={reload}
            onEdit={(rule) => setFaultDraft(editFaultDraft(rule))}
            onDuplicate={(rule) => setFaultDraft(duplicateFaultDraft(rule, caller))}
          />
          <FaultForm
            client={client}
            draft={faultDraft}
            onSaved={() => {
              setFaultDraft(null);
              reload();
            }}
            onCancel={() => setFaultDraft(null)}
          />
          <FiredRecently entries={mergeEntries(streamed, fired.value ?? [], FIRED_SHOWN)} />
        </div>
        <div>
          <Fixtures
            client={client}
            fixtures={fixtures.value?.fixtures ?? []}
            onChanged={reload}
            onEdit={(fixture) => setFixtureDraft(editFixtureDraft(fixture))}
            onDuplicate={(fixture) => setFixtureDraft(duplicateFixtureDraft(fixture, caller))}
          />
          <FixtureForm
            client={client}
            draft={fixtureDraft}
            onSaved={() => {
              setFixtureDraft(null);
              reload();
            }}
            onCancel={() => setFixtureDraft(null)}
          />
        </div>
      </div>
    </section>
  );
}
