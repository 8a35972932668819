import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { errorMessage } from '../../../../lib/api';
import { formatRelative } from '../../../../lib/format-extra';
import type { ActAs } from '../../api/service';
import { useDecideJoinRequest } from '../../api/mutations';
import { agentQueries } from '../../api/queries';
import type { Admission } from '../../../../../contracts/agentnet/answers';
import { AgentName } from '../agent-name';
import { QueryList } from '../query-list';

const statusTone = { pending: 'warning', approved: 'success', rejected: 'danger', withdrawn: 'neutral' } as const;
const pendingFirst = (a: Admission, b: Admission) => Number(b.status === 'pending') - Number(a.status === 'pending') || (b.createdAt ?? 0) - (a.createdAt ?? 0);

/** For the owner: join requests, pending first, with approve and reject. */
export function JoinRequests({ subnetId, actAs }: { subnetId: string; actAs: ActAs }) {
  const requests = useQuery({ ...agentQueries.joinRequests(subnetId, actAs), select: (list) => list.filter((r) => r.kind === 'join_request').sort(pendingFirst) });
  const decide = useDecideJoinRequest(subnetId, actAs);
  const pending = requests.data?.filter((r) => r.status === 'pending').length ?? 0;
  return (
    <Panel flush title="Join requests" aside={pending ? <Badge tone="warning">{pending} pending</Badge> : null}>
      {decide.isError ? (
        <div className="p-4 pb-0">
          <Alert title="The decision was not saved">{errorMessage(decide.error)}</Alert>
        </div>
      ) : null}
      <QueryList query={requests} noun="join requests" label="Join requests" empty="No join requests yet." getKey={(r) => r.requestId}>
        {(r) => (
          <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-2">
            <div className="min-w-0">
              <p className="flex items-center gap-2">
                <AgentName agentId={r.agentId} actAs={actAs} />
                <Badge tone={statusTone[r.status as keyof typeof statusTone] ?? 'neutral'}>{r.status}</Badge>
              </p>
              <p className="text-xs text-muted">
                {r.createdAt ? `asked ${formatRelative(r.createdAt)}` : null}
                {r.note ? ` · “${r.note}”` : ''}
              </p>
            </div>
            {r.status === 'pending' ? (
              <span className="flex gap-2">
                <Button size="sm" variant="primary" disabled={decide.isPending} onClick={() => decide.mutate({ requestId: r.requestId, decision: 'approve' })} aria-label={`Approve request ${r.requestId}`}>
                  Approve
                </Button>
                <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ requestId: r.requestId, decision: 'reject' })} aria-label={`Reject request ${r.requestId}`}>
                  Reject
                </Button>
              </span>
            ) : null}
          </div>
        )}
      </QueryList>
    </Panel>
  );
}
