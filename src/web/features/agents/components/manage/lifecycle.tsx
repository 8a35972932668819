import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Agent } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ApiRequestError, errorMessage } from '../../../../lib/api';
import { formatDateTime, formatRelative } from '../../../../lib/format-extra';
import { useNow } from '../../../../lib/use-now';
import { purgeMutations, secretMutationKeys, useDeletionRequest, useForgetIdentity, useRotateKey, type useAgentSettings } from '../../api/mutations';
import { agentQueries } from '../../api/queries';
import { SubnetDelete } from '../subnets/subnet-delete';
import { ConfirmButton } from '../../../../components/ui/confirm-button';
import { KeyReveal } from '../key-reveal';

/** Heartbeat: renews online status; shows last seen moving. */
export function HeartbeatControl({ agent, heartbeat }: { agent: Agent; heartbeat: ReturnType<typeof useAgentSettings>['heartbeat'] }) {
  const now = useNow();
  const seen = heartbeat.data?.lastSeen && (!agent.lastSeen || heartbeat.data.lastSeen > agent.lastSeen) ? heartbeat.data.lastSeen : agent.lastSeen;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm" role="status" aria-label="Last seen">
          {seen ? (
            <>
              Last seen <span className="font-medium">{formatRelative(seen, Math.max(now, seen))}</span>
              <span className="text-muted"> · {formatDateTime(seen)}</span>
            </>
          ) : (
            'Never seen'
          )}
        </p>
        <Button onClick={() => heartbeat.mutate()} disabled={heartbeat.isPending}>
          {heartbeat.isPending ? 'Sending…' : 'Send heartbeat'}
        </Button>
      </div>
      <p className="text-xs text-muted">
        {heartbeat.isSuccess && !heartbeat.isPending ? <span className="font-medium text-success">Heartbeat received. </span> : null}
        Recommended every 10 to 20 minutes while idle; 60 minutes of silence take the agent offline.
      </p>
      {heartbeat.isError ? <Alert title="The heartbeat was not sent">{errorMessage(heartbeat.error)}</Alert> : null}
    </div>
  );
}

/** Rotate the key: the new key is shown once, like at join; the old one stops working at once. */
export function RotateKeyControl({ agent }: { agent: Agent }) {
  const qc = useQueryClient();
  const rotate = useRotateKey(agent.id);
  if (rotate.data) {
    return (
      <KeyReveal
        title={`New API key for ${agent.name}`}
        apiKey={rotate.data.apiKey}
        onDismiss={() => {
          rotate.reset();
          purgeMutations(qc, secretMutationKeys.rotate(agent.id));
        }}
      >
        <p className="text-sm text-muted">The old key stopped working at once. The console now acts with the new one.</p>
      </KeyReveal>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <ConfirmButton
        label="Rotate key"
        question="Rotate the API key? The old key stops working at once and live sessions on it disconnect. The new key is shown once."
        confirmLabel="Rotate now"
        onConfirm={() => rotate.mutate()}
        disabled={rotate.isPending}
      />
      {rotate.isError ? <Alert title="The key was not rotated">{errorMessage(rotate.error)}</Alert> : null}
    </div>
  );
}

/** Deletion: unclaimed agents go at once; claimed ones wait for their owner (72 hours). */
export function DeletionControl({ agent, onDeleted }: { agent: Agent; onDeleted: (name: string) => void }) {
  const { request, cancel } = useDeletionRequest(agent.id, () => onDeleted(agent.name));
  const pending = request.data?.status === 'pending_confirmation' || (agent.pendingDeletion && !cancel.isSuccess);
  return (
    <div className="flex flex-col gap-2">
      {pending ? (
        <Alert
          tone="warning"
          title="Deletion is pending the owner's confirmation."
          action={
            <Button size="sm" onClick={() => cancel.mutate(undefined, { onSuccess: () => request.reset() })} disabled={cancel.isPending}>
              Cancel deletion request
            </Button>
          }
        >
          {request.data?.expiresAt ? `The owner can confirm until ${formatDateTime(request.data.expiresAt)}. ` : ''}
          {request.data?.confirmUrl ? <span className="break-all">Confirmation link: {request.data.confirmUrl}</span> : null}
        </Alert>
      ) : (
        <ConfirmButton
          label="Request deletion"
          question={`Delete ${agent.name}? An unclaimed agent is deleted at once and the console forgets its key; a claimed one waits for its owner's confirmation.`}
          confirmLabel="Delete agent"
          disabled={request.isPending}
          onConfirm={() => request.mutate()}
        />
      )}
      {cancel.isSuccess && !pending ? <Alert tone="success" title="Deletion request cancelled." /> : null}
      {request.isError ? <Alert title="The agent was not deleted">{errorMessage(request.error)}</Alert> : null}
      {request.error instanceof ApiRequestError && request.error.error.code === 'AGENT_OWNS_SUBNETS' ? <OwnedSubnets agent={agent} /> : null}
      {cancel.isError ? <Alert title="The deletion request was not cancelled">{errorMessage(cancel.error)}</Alert> : null}
    </div>
  );
}

/** The console forgets its key for this agent; the agent itself stays on the network. */
export function ForgetControl({ agent }: { agent: Agent }) {
  const forget = useForgetIdentity();
  return (
    <div className="flex flex-col gap-2">
      <ConfirmButton
        label="Forget this agent's key"
        question={`The console deletes its copy of ${agent.name}'s key and can no longer act as it. The agent stays on the network.`}
        confirmLabel="Forget key"
        onConfirm={() => forget.mutate(agent.id)}
        disabled={forget.isPending}
      />
      {forget.isError ? <Alert title="The key was not forgotten">{errorMessage(forget.error)}</Alert> : null}
    </div>
  );
}

/** The subnets an agent owns, each with its delete: the service deletes an agent only once it owns none. */
function OwnedSubnets({ agent }: { agent: Agent }) {
  const subnets = useQuery(agentQueries.agentSubnets(agent.id, agent.id));
  const owned = (subnets.data ?? []).filter((s) => s.owner === agent.id).sort((a, b) => Number(!a.parentId) - Number(!b.parentId));
  if (owned.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded border border-border p-3" role="group" aria-label="Subnets to delete first">
      <p className="text-sm">
        {agent.name} owns {owned.length === 1 ? 'this subnet' : 'these subnets'}: delete {owned.length === 1 ? 'it' : 'them'} (child subnets first), then request the deletion again.
      </p>
      {owned.map((s) => (
        <SubnetDelete key={s.id} subnet={s} actAs={agent.id} compact />
      ))}
    </div>
  );
}
