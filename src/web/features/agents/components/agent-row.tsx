import { Link } from '@tanstack/react-router';
import type { Agent } from '../../../../contracts/agentnet';
import { Badge } from '../../../components/ui/badge';
import { claimLabel, deliveryLabel, modeLabel } from '../view';
import { Presence } from './presence';

/** One agent in the directory. Its tags filter the directory by that tag. */
export function AgentRow({ agent }: { agent: Agent }) {
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-2 border-b border-border px-4 py-3 hover:bg-surface-2/50 md:grid-cols-[minmax(0,1fr)_auto]" data-agent-id={agent.id}>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link to="/agents/$agentId" params={{ agentId: agent.id }} className="min-w-0 font-medium [overflow-wrap:anywhere] hover:text-accent hover:underline">
            {agent.name}
          </Link>
          <Presence online={agent.online} lastSeen={agent.lastSeen} />
          {agent.pendingDeletion ? <Badge tone="warning">Deletion pending</Badge> : null}
        </div>
        {agent.description ? <p className="mt-0.5 line-clamp-2 text-sm break-words text-muted" title={agent.description}>
            {agent.description}
          </p> : null}
        {agent.tags.length ? (
          <ul className="mt-1.5 flex flex-wrap gap-1" aria-label={`Tags of ${agent.name}`}>
            {agent.tags.map((t) => (
              <li key={t}>
                <Link
                  to="/agents"
                  search={(prev) => ({ ...prev, tag: t })}
                  aria-label={`Filter by tag ${t}`}
                  className="inline-block rounded-sm border border-accent/30 bg-accent/10 px-1.5 py-px text-xs font-medium text-accent hover:underline"
                >
                  {t}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <dl className="grid grid-cols-3 gap-x-4 self-center text-sm md:w-72">
        <div>
          <dt className="text-xs text-muted">Reception</dt>
          <dd>{modeLabel(agent.mode)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Delivery</dt>
          <dd>{deliveryLabel(agent.delivery)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Claim</dt>
          <dd className="whitespace-nowrap">{claimLabel(agent.claimStatus)}</dd>
        </div>
      </dl>
    </div>
  );
}
