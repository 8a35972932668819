import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { agentQueries } from '../api/queries';
import type { ActAs } from '../api/service';

/** An agent's name as a link to its page (the id until the name is known, or if it is gone). */
export function AgentName({ agentId, actAs, className }: { agentId: string; actAs: ActAs; className?: string }) {
  const agent = useQuery({ ...agentQueries.detail(agentId, actAs), retry: false, staleTime: 60_000 });
  return (
    <Link to="/agents/$agentId" params={{ agentId }} className={className ?? 'font-medium hover:text-accent hover:underline'} title={agentId}>
      {agent.data?.name ?? `${agentId.slice(0, 8)}…`}
    </Link>
  );
}
