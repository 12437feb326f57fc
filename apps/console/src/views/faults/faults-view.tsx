/**
 * Fault rules and chat fixtures: what is set, how often each has fired, forms to add more, and the
 * journal's recent requests that got a fault.
 */
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { Failure } from '../../ui/common.js';
import { useLoad } from '../../ui/use-load.js';
import { FaultForm } from './fault-form.js';
import { FaultRules } from './fault-rules.js';
import { FiredRecently } from './fired-recently.js';
import { FixtureForm } from './fixture-form.js';
import { Fixtures } from './fixtures.js';

export function FaultsView({ client }: { client: AdminClient }) {
  const faults = useLoad(() => dataOf(client.GET('/faults')), [client]);
  const fixtures = useLoad(() => dataOf(client.GET('/chat-fixtures')), [client]);
  const fired = useLoad(
    () => dataOf(client.GET('/requests', { params: { query: { limit: 1000 } } })),
    [client],
  );
  const reload = () => {
    faults.reload();
    fixtures.reload();
    fired.reload();
  };
  return (
    <section aria-labelledby="faults-title">
      <div class="title-row">
        <h2 id="faults-title">Faults and chat fixtures</h2>
        <button type="button" onClick={reload}>
          Reload
        </button>
      </div>
      <Failure text={faults.error ?? fixtures.error ?? fired.error} />
      <div class="columns">
        <div>
          <FaultRules client={client} rules={faults.value?.faults ?? []} onChanged={reload} />
          <FaultForm client={client} onAdded={reload} />
          <FiredRecently entries={fired.value?.requests ?? []} />
        </div>
        <div>
          <Fixtures client={client} fixtures={fixtures.value?.fixtures ?? []} onChanged={reload} />
          <FixtureForm client={client} onAdded={reload} />
        </div>
      </div>
    </section>
  );
}
