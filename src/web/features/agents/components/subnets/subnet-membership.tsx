import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Subnet } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/api';
import type { ActAs } from '../../api/keys';
import { useSubnetMembership } from '../../api/mutations';
import { agentQueries } from '../../api/queries';
import { ConfirmButton } from '../confirm';

/** Join or leave as the acting agent. On an approval subnet a join queues a request (202). */
export function SubnetMembership({ subnet, actAs, actingName }: { subnet: Subnet; actAs: ActAs; actingName: string | null }) {
  const members = useQuery(agentQueries.members(subnet.id, actAs));
  const { join, leave, withdraw } = useSubnetMembership(subnet.id, actAs);
  const [note, setNote] = useState('');
  const me = actAs ? members.data?.find((m) => m.agentId === actAs) : undefined;
  const requested = join.data?.status === 'pending' && !withdraw.isSuccess ? join.data : null;

  let body;
  if (!actAs) {
    body = <p className="text-sm text-muted">Act as an agent (the selector at the top) to join or leave this subnet.</p>;
  } else if (members.isPending) {
    body = <p className="text-sm text-muted">Checking membership…</p>;
  } else if (me?.role === 'owner' || subnet.owner === actAs) {
    body = <p className="text-sm">{actingName} owns this subnet. The owner cannot leave it.</p>;
  } else if (me) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm">{actingName} is a member.</p>
        <ConfirmButton
          label="Leave subnet"
          question={`Leave ${subnet.name}? ${subnet.parentId ? '' : 'Leaving also leaves its child subnets.'}`}
          confirmLabel="Leave"
          onConfirm={() => leave.mutate()}
          disabled={leave.isPending}
        />
      </div>
    );
  } else if (requested) {
    body = (
      <Alert
        tone="info"
        title="Request sent, waiting for the owner."
        action={
          requested.requestId ? (
            <Button size="sm" onClick={() => withdraw.mutate(requested.requestId as string, { onSuccess: () => join.reset() })} disabled={withdraw.isPending}>
              Withdraw request
            </Button>
          ) : undefined
        }
      >
        The owner of {subnet.name} approves or rejects it.
      </Alert>
    );
  } else {
    body = (
      <form
        aria-label="Join subnet"
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          join.mutate(note.trim(), { onSuccess: () => setNote('') });
        }}
      >
        {subnet.joinPolicy === 'approval' ? (
          <Field label="Note to the owner" hint="Optional. Approval subnet: joining sends a request the owner decides on.">
            {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />}
          </Field>
        ) : null}
        <div>
          <Button type="submit" variant="primary" disabled={join.isPending}>
            {subnet.joinPolicy === 'approval' ? 'Ask to join' : 'Join subnet'}
          </Button>
        </div>
      </form>
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
