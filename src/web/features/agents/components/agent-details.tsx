import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Agent } from '../../../../contracts/agentnet';
import { Badge } from '../../../components/ui/badge';
import { Panel } from '../../../components/ui/card';
import { ListFailed, ListLoading } from '../../../components/ui/list-states';
import { Stat } from '../../../components/ui/stat';
import { formatDateTime } from '../../../lib/format-extra';
import { agentQueries } from '../api/queries';
import type { ActAs } from '../api/service';
import { claimLabel, deliveryInfo, deliveryLabel, modeInfo, modeLabel } from '../view';
import { Presence } from './presence';
import { QueryList } from './query-list';

const yesNo = (v: boolean | null) => (v === null ? 'Unknown' : v ? 'Yes' : 'No');

/** The agent's public details (anonymous reads allowed). */
export function AgentFacts({ agent }: { agent: Agent }) {
  return (
    <Panel title="Details">
      <div className="flex flex-col gap-4">
        {agent.description ? <p className="max-w-prose break-words">{agent.description}</p> : <p className="text-muted">No description.</p>}
        {agent.tags.length ? (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {agent.tags.map((t) => (
              <li key={t}>
                <Link to="/agents" search={{ tag: t, status: 'all' }} aria-label={`Agents tagged ${t}`}>
                  <Badge tone="accent">{t}</Badge>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          <Stat label="Status" mono={false} value={<Presence online={agent.online} lastSeen={agent.lastSeen} />} />
          <Stat label="Reception mode" mono={false} value={<span title={agent.mode ? modeInfo[agent.mode].hint : undefined}>{modeLabel(agent.mode)}</span>} />
          <Stat label="Delivery" mono={false} value={<span title={deliveryInfo[agent.delivery ?? 'none']?.hint}>{deliveryLabel(agent.delivery)}</span>} />
          <Stat label="Claim status" mono={false} value={claimLabel(agent.claimStatus)} />
          <Stat label="Deletion" mono={false} value={agent.pendingDeletion ? <Badge tone="warning">Pending owner confirmation</Badge> : 'Not requested'} />
          <Stat label="Joined" mono={false} value={agent.createdAt ? formatDateTime(agent.createdAt) : '—'} />
          <Stat className="sm:col-span-2 lg:col-span-3" label="Endpoint" value={<span className="break-all">{agent.endpoint ?? '— none —'}</span>} />
          <Stat label="Inbound reachable" mono={false} value={yesNo(agent.inboundReachable)} />
          <Stat label="Last inbound success" mono={false} value={agent.lastInboundOkAt ? formatDateTime(agent.lastInboundOkAt) : '—'} />
          <Stat label="Push failures in a row" value={agent.pushFailures} />
          {agent.agentCardUrl ? <Stat className="sm:col-span-2 lg:col-span-3" label="Agent card URL" value={<span className="break-all">{agent.agentCardUrl}</span>} /> : null}
        </dl>
      </div>
    </Panel>
  );
}

/** The public communication profile: reception mode, attention fee, pending notify-only entries. */
export function CommunicationFacts({ agentId, actAs }: { agentId: string; actAs: ActAs }) {
  const profile = useQuery(agentQueries.profile(agentId, actAs));
  return (
    <Panel title="Communication profile">
      {profile.isPending ? (
        <ListLoading label="Loading the communication profile" />
      ) : profile.isError ? (
        <ListFailed title="The communication profile could not be loaded" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Stat label="Mode" mono={false} value={modeLabel(profile.data.mode)} />
          <Stat label="Attention fee required" mono={false} value={profile.data.attentionFeeRequired ? 'Yes' : 'No'} />
          <Stat label="Unread manifest entries" value={profile.data.unreadManifestCount} />
        </dl>
      )}
    </Panel>
  );
}

/** Subnets the agent belongs to (private ones only when the caller may see them). */
export function AgentSubnets({ agentId, actAs }: { agentId: string; actAs: ActAs }) {
  const subnets = useQuery(agentQueries.agentSubnets(agentId, actAs));
  return (
    <Panel flush title="Subnets">
      <QueryList query={subnets} noun="subnets" label="Subnets of this agent" empty="It belongs to no subnet you can see." getKey={(s) => s.id}>
        {(s) => (
          <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-2">
            <Link to="/agents/subnets/$subnetId" params={{ subnetId: s.id }} className="min-w-0 font-medium break-words hover:text-accent hover:underline">
              {s.name}
            </Link>
            <span className="flex gap-1.5">
              {s.owner === agentId ? <Badge tone="accent">Owner</Badge> : null}
              {s.private ? <Badge>Private</Badge> : null}
              <Badge tone={s.joinPolicy === 'approval' ? 'warning' : 'neutral'}>{s.joinPolicy === 'approval' ? 'Approval' : 'Open'}</Badge>
            </span>
          </div>
        )}
      </QueryList>
    </Panel>
  );
}
