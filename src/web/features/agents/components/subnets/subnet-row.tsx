import { Link } from '@tanstack/react-router';
import type { Subnet } from '../../../../../contracts/agentnet';
import { Badge } from '../../../../components/ui/badge';
import { isReservedSubnet } from '../../view';
import { countOf } from '../../../../lib/plural';

/** Policy, visibility, nesting and lifecycle of a subnet as badges. */
export function SubnetBadges({ subnet, actAs }: { subnet: Subnet; actAs: string | null }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {actAs && subnet.owner === actAs ? <Badge tone="accent">Yours</Badge> : null}
      {isReservedSubnet(subnet.id) ? <Badge tone="info">Reserved</Badge> : null}
      {subnet.private ? <Badge>Private</Badge> : null}
      <Badge tone={subnet.joinPolicy === 'approval' ? 'warning' : 'success'}>{subnet.joinPolicy === 'approval' ? 'Approval' : 'Open'}</Badge>
      {subnet.lifecycle === 'task_scoped' ? <Badge tone="info">Task-scoped</Badge> : null}
    </span>
  );
}

/** One subnet in a list. */
export function SubnetRow({ subnet, actAs }: { subnet: Subnet; actAs: string | null }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-surface-2/50 max-sm:grid-cols-1" data-subnet-id={subnet.id}>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link to="/agents/subnets/$subnetId" params={{ subnetId: subnet.id }} className="min-w-0 font-medium [overflow-wrap:anywhere] hover:text-accent hover:underline">
            {subnet.name}
          </Link>
          <span className="font-mono text-xs break-all text-muted">{subnet.id}</span>
          <SubnetBadges subnet={subnet} actAs={actAs} />
        </div>
        {subnet.description ? <p className="mt-0.5 line-clamp-2 text-sm break-words text-muted" title={subnet.description}>
            {subnet.description}
          </p> : null}
        {subnet.parentId ? <p className="mt-0.5 text-xs text-muted">Inside {subnet.parentId}</p> : null}
      </div>
      <p className="whitespace-nowrap text-sm tabular-nums text-muted">
        {countOf(subnet.agentCount, 'member')}
      </p>
    </div>
  );
}
