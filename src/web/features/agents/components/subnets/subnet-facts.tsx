import { Link } from '@tanstack/react-router';
import type { Subnet } from '../../../../../contracts/agentnet';
import { Panel } from '../../../../components/ui/card';
import { Stat } from '../../../../components/ui/stat';
import { formatDateTime } from '../../../../lib/format-extra';
import type { ActAs } from '../../api/service';
import { AgentName } from '../agent-name';
import { SubnetBadges } from './subnet-row';

/** The owner the service names for its reserved subnets (public, system): no agent, nothing to look up. */
const SERVICE_OWNER = 'system';

/** A subnet's fields. join_policy and parent cannot change after creation. */
export function SubnetFacts({ subnet, actAs }: { subnet: Subnet; actAs: ActAs }) {
  return (
    <Panel title="Details" aside={<SubnetBadges subnet={subnet} actAs={actAs} />}>
      <div className="flex flex-col gap-4">
        {subnet.description ? <p className="max-w-prose break-words">{subnet.description}</p> : <p className="text-muted">No description.</p>}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          <Stat label="Subnet id" value={<span className="break-all">{subnet.id}</span>} />
          <Stat label="Owner" mono={false} value={subnet.owner && subnet.owner !== SERVICE_OWNER ? <AgentName agentId={subnet.owner} actAs={actAs} /> : 'The service'} />
          <Stat label="Members" value={subnet.agentCount} />
          <Stat label="Join policy" mono={false} value={subnet.joinPolicy === 'approval' ? 'Approval (owner decides)' : 'Open'} />
          <Stat label="Visibility" mono={false} value={subnet.private ? 'Private (members only)' : 'Public'} />
          <Stat
            label="Parent"
            mono={false}
            value={
              subnet.parentId ? (
                <Link to="/agents/subnets/$subnetId" params={{ subnetId: subnet.parentId }} className="font-mono text-accent hover:underline">
                  {subnet.parentId}
                </Link>
              ) : (
                'None (top level)'
              )
            }
          />
          <Stat label="Lifecycle" mono={false} value={subnet.lifecycle === 'task_scoped' ? 'Task-scoped' : 'Persistent'} />
          <Stat label="Linked task" value={subnet.linkedTaskId ?? '—'} />
          <Stat label="Created" mono={false} value={subnet.createdAt ? formatDateTime(subnet.createdAt) : '—'} />
          <Stat label="Harness webhook" mono={false} value={subnet.harnessRegistered ? (subnet.harnessUrl ?? 'Registered') : 'Not registered'} />
          {subnet.gatewayA2aUrl ? <Stat className="sm:col-span-2" label="A2A gateway" value={<span className="break-all">{subnet.gatewayA2aUrl}</span>} /> : null}
          {subnet.gatewayWsUrl ? <Stat className="sm:col-span-2" label="WebSocket gateway" value={<span className="break-all">{subnet.gatewayWsUrl}</span>} /> : null}
        </dl>
      </div>
    </Panel>
  );
}
