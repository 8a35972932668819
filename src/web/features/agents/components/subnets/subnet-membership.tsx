import { useQuery } from '@tanstack/react-query';
import type { Subnet } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { errorMessage } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/format-extra';
import { useSubnetMembership } from '../../api/mutations';
import { agentQueries } from '../../api/queries';
import type { ActAs } from '../../api/service';
import { useAdmission, type Admission } from '../../hooks/use-admission';
import { ConfirmButton } from '../../../../components/ui/confirm-button';
import { SubnetDelete } from './subnet-delete';
import { SubnetJoinForm } from './subnet-join-form';

/** Where the acting agent's join request stands, in words. */
function AdmissionStatus({ admission, subnet, onWithdraw, withdrawing }: { admission: Admission; subnet: Subnet; onWithdraw: () => void; withdrawing: boolean }) {
  const asked = admission.at ? ` on ${formatDateTime(admission.at)}` : '';
  if (admission.status === 'rejected') {
    return (
      <Alert tone="warning" title="The owner rejected the join request.">
        Asked{asked}
        {admission.decidedAt ? `, rejected on ${formatDateTime(admission.decidedAt)}` : ''}. The agent is not a member. You can ask again, with a note that says why it should join.
      </Alert>
    );
  }
  if (admission.status === 'withdrawn') return <Alert tone="info" title="The join request was withdrawn.">Ask again to send a new one.</Alert>;
  return (
    <Alert
      tone="info"
      title="Request sent, waiting for the owner."
      action={
        admission.requestId ? (
          <Button size="sm" onClick={onWithdraw} disabled={withdrawing}>
            Withdraw request
          </Button>
        ) : undefined
      }
    >
      Asked{asked}. The owner of {subnet.name} approves or rejects it
      {admission.fromOwner ? '.' : '; the service tells the decision to the owner only, so this page shows it once the agent is a member.'}
    </Alert>
  );
}

/**
 * Join or leave as the acting agent, the owner's delete, and never an action the service would
 * refuse: the reserved System subnet offers no join, a pending request offers a withdraw.
 */
export function SubnetMembership({ subnet, actAs, actingName, onDeleted }: { subnet: Subnet; actAs: ActAs; actingName: string | null; onDeleted: () => void }) {
  const members = useQuery(agentQueries.members(subnet.id, actAs));
  const { join, leave, withdraw } = useSubnetMembership(subnet.id, actAs);
  const me = actAs ? members.data?.find((m) => m.agentId === actAs) : undefined;
  const { admission, remember } = useAdmission(subnet, actAs, !!me);
  const owner = !!actAs && (me?.role === 'owner' || subnet.owner === actAs);

  let body;
  if (subnet.id === 'system') {
    body = <p className="text-sm text-muted">System is reserved for the service: no agent can join it, and nothing can be nested under it.</p>;
  } else if (!actAs) {
    body = <p className="text-sm text-muted">Act as an agent (the selector at the top) to join or leave this subnet.</p>;
  } else if (members.isPending) {
    body = <p className="text-sm text-muted">Checking membership…</p>;
  } else if (owner) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm [overflow-wrap:anywhere]">{actingName} owns this subnet. The owner cannot leave it; it can delete it (child subnets first).</p>
        <SubnetDelete subnet={subnet} actAs={actAs} onDeleted={onDeleted} />
      </div>
    );
  } else if (me) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm [overflow-wrap:anywhere]">{actingName} is a member.</p>
        <ConfirmButton
          label="Leave subnet"
          question={`Leave ${subnet.name}? ${subnet.parentId ? '' : 'Leaving also leaves its child subnets.'}`}
          confirmLabel="Leave"
          onConfirm={() => leave.mutate()}
          disabled={leave.isPending}
        />
      </div>
    );
  } else {
    const waiting = admission?.status === 'pending';
    body = (
      <div className="flex flex-col gap-3">
        {admission ? (
          <AdmissionStatus
            admission={admission}
            subnet={subnet}
            withdrawing={withdraw.isPending}
            onWithdraw={() => withdraw.mutate(admission.requestId ?? '', { onSuccess: () => (join.reset(), remember(null)) })}
          />
        ) : null}
        {waiting ? null : (
          <SubnetJoinForm
            subnet={subnet}
            pending={join.isPending}
            onJoin={(note, reset) =>
              join.mutate(note, {
                onSuccess: (r) => {
                  reset();
                  if (r.status === 'pending' && r.requestId) remember({ requestId: r.requestId, at: Date.now() });
                },
              })
            }
          />
        )}
      </div>
    );
  }

  return (
    <Panel title={actingName ? `Membership of ${actingName}` : 'Membership'}>
      <div className="flex flex-col gap-3">
        {body}
        {join.isSuccess && join.data.status !== 'pending' && me ? <Alert tone="success" title={`${actingName} joined ${subnet.name}.`} /> : null}
        {leave.isSuccess && !me ? <Alert tone="success" title={`${actingName} left ${subnet.name}.`} /> : null}
        {withdraw.isSuccess ? <Alert tone="success" title="Join request withdrawn." /> : null}
        {join.isError ? <Alert title="Could not join">{errorMessage(join.error)}</Alert> : null}
        {leave.isError ? <Alert title="Could not leave">{errorMessage(leave.error)}</Alert> : null}
        {withdraw.isError ? <Alert title="The request was not withdrawn">{errorMessage(withdraw.error)}</Alert> : null}
        {members.isError && actAs ? <p className="text-sm text-danger">{errorMessage(members.error)}</p> : null}
      </div>
    </Panel>
  );
}
