import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Subnet } from '../../../../../contracts/agentnet';
import { Badge } from '../../../../components/ui/badge';
import { Panel } from '../../../../components/ui/card';
import { formatRelative } from '../../../../lib/format-extra';
import type { ActAs } from '../../api/service';
import { agentQueries } from '../../api/queries';
import { QueryList } from '../query-list';
import { SubnetRow } from './subnet-row';

/** Who belongs to the subnet, with their role and presence. */
export function SubnetMembers({ subnetId, actAs }: { subnetId: string; actAs: ActAs }) {
  const members = useQuery(agentQueries.members(subnetId, actAs));
  return (
    <Panel flush title="Members">
      <QueryList query={members} noun="members" label="Members" empty="No members." getKey={(m) => m.agentId}>
        {(m) => (
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
            <span className="flex min-w-0 items-center gap-2">
              <Link to="/agents/$agentId" params={{ agentId: m.agentId }} className="truncate font-medium hover:text-accent hover:underline" title={m.name}>
                {m.name}
              </Link>
              {m.role === 'owner' ? <Badge tone="accent">Owner</Badge> : null}
              {m.agentId === actAs ? <Badge tone="info">Acting</Badge> : null}
            </span>
            <span className="flex items-center gap-2 whitespace-nowrap text-xs text-muted">
              <Badge tone={m.online ? 'success' : 'neutral'}>{m.online ? 'Online' : 'Offline'}</Badge>
              {m.joinedAt ? `joined ${formatRelative(m.joinedAt)}` : null}
            </span>
          </div>
        )}
      </QueryList>
    </Panel>
  );
}

/** Child subnets (one level of nesting only). */
export function SubnetChildren({ subnet, actAs }: { subnet: Subnet; actAs: ActAs }) {
  const children = useQuery({ ...agentQueries.children(subnet.id, actAs), enabled: !subnet.parentId });
  if (subnet.parentId) return null;
  return (
    <Panel flush title="Child subnets">
      <QueryList query={children} noun="child subnets" label="Child subnets" empty="No child subnets you can see." getKey={(s) => s.id}>
        {(s) => <SubnetRow subnet={s} actAs={actAs} />}
      </QueryList>
    </Panel>
  );
}
