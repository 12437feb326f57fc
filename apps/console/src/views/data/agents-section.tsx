/** Agents: a list, and the chosen one's instruction, intents and tools. */
import type { adminComponents } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { agentTools } from '../../lib/agent-tools.js';
import { JsonBlock } from '../../ui/common.js';

type Agent = adminComponents['schemas']['StateAgent'];

export function AgentsSection({ agents }: { agents: Agent[] }) {
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const agent = agents.find((candidate) => candidate.id === chosen);
  return (
    <section aria-labelledby="agents-title">
      <h3 id="agents-title">Agents ({agents.length})</h3>
      <ul class="plain choices">
        {agents.map((item) => (
          <li key={item.id}>
            <button type="button" aria-pressed={item.id === chosen} onClick={() => setChosen(item.id)}>
              #{item.id} {item.name}
            </button>{' '}
            <span class="help">account {item.accountId}</span>
          </li>
        ))}
      </ul>
      {agent && (
        <article class="detail" aria-label={`Agent ${agent.name}`}>
          <h4>{agent.name}</h4>
          <dl class="facts">
            <dt>Description</dt>
            <dd>{agent.description || '—'}</dd>
            <dt>Instruction</dt>
            <dd>{agent.instruction}</dd>
            <dt>Intents</dt>
            <dd>{agent.intents?.length ? agent.intents.join(', ') : 'none'}</dd>
            <dt>Reference id</dt>
            <dd>{agent.agentReferenceId}</dd>
            <dt>Knowledge base</dt>
            <dd>{agent.knowledgeBaseId ?? 'none'}</dd>
          </dl>
          <h5>Tools</h5>
          <JsonBlock value={agentTools(agent.tools)} label="Tools" />
        </article>
      )}
    </section>
  );
}
