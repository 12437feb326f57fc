/** The chat fixtures, in the order they are tried, each with whose chats it answers and how often it did. */
import type { ChatFixture } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { ownerText } from '../../lib/admin-view.js';
import { Failure } from '../../ui/common.js';

export function Fixtures(props: { client: AdminClient; fixtures: ChatFixture[]; onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const remove = (id: number) =>
    dataOf(props.client.DELETE('/chat-fixtures/{id}', { params: { path: { id } } })).then(
      props.onChanged,
      (failure: Error) => setError(failure.message),
    );
  return (
    <section aria-labelledby="fixtures-title">
      <h3 id="fixtures-title">Chat fixtures ({props.fixtures.length})</h3>
      <Failure text={error} />
      {props.fixtures.length === 0 && <p class="empty">No fixture: chats are answered by the engine.</p>}
      <ul class="plain">
        {props.fixtures.map((fixture) => (
          <li key={fixture.id} class="card">
            <p>
              <strong>#{fixture.id}</strong> {JSON.stringify(fixture.match)} →{' '}
              {JSON.stringify(fixture.answer)}
            </p>
            <p class="help">
              answers {ownerText(fixture.accountId)} · used {fixture.used}
              {fixture.times === null ? '' : ` of ${fixture.times}`} times
            </p>
            <button type="button" onClick={() => remove(fixture.id)}>
              Remove fixture {fixture.id}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
