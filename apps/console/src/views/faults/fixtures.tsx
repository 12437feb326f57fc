/**
 * The chat fixtures, in the order they are tried, each in words with whose chats it answers,
 * whether it does and how often it did; enable, disable and remove act at once, edit and
 * duplicate fill the form (FaultsView holds which).
 */
import type { ChatFixture } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { fixtureState, fixtureText } from '../../lib/rule-summary.js';
import { Failure } from '../../ui/common.js';
import { RuleCard } from './rule-card.js';

export function Fixtures(props: {
  client: AdminClient;
  fixtures: ChatFixture[];
  onChanged: () => void;
  onEdit: (fixture: ChatFixture) => void;
  onDuplicate: (fixture: ChatFixture) => void;
}) {
  const { client } = props;
  const [error, setError] = useState<string | null>(null);
  const act = (work: Promise<unknown>) =>
    work.then(
      () => {
        setError(null);
        props.onChanged();
      },
      (failure: Error) => setError(failure.message),
    );
  const byId = (id: number) => ({ params: { path: { id } } });
  return (
    <section aria-labelledby="fixtures-title">
      <h3 id="fixtures-title">Chat fixtures ({props.fixtures.length})</h3>
      <Failure text={error} />
      {props.fixtures.length === 0 && <p class="empty">No fixture: chats are answered by the engine.</p>}
      <ul class="plain">
        {props.fixtures.map((fixture) => (
          <RuleCard
            key={fixture.id}
            name={`fixture ${fixture.id}`}
            id={fixture.id}
            enabled={fixture.enabled}
            text={fixtureText(fixture)}
            state={fixtureState(fixture)}
            onEdit={() => props.onEdit(fixture)}
            onDuplicate={() => props.onDuplicate(fixture)}
            onToggle={() =>
              act(
                dataOf(
                  client.PATCH('/chat-fixtures/{id}', {
                    ...byId(fixture.id),
                    body: { enabled: !fixture.enabled },
                  }),
                ),
              )
            }
            onRemove={() => act(dataOf(client.DELETE('/chat-fixtures/{id}', byId(fixture.id))))}
          />
        ))}
      </ul>
    </section>
  );
}
