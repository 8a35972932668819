import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentnetOps, type Agent } from '../../../../../contracts/agentnet';
import * as agentnetRoutes from '../../../../../contracts/bff-routes/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { Stat } from '../../../../components/ui/stat';
import { formatDateTime } from '../../../../lib/format-extra';
import { bff } from '../../../../lib/bff';
import { callOperation } from '../../../../lib/operation';
import { agentKeys } from '../../api/query-keys';
import { shellQueries } from '../../api/shell-queries';
import { claimLabel } from '../../view';
import { WriteError } from './bits';

const ownerQuery = () => queryOptions({ queryKey: [...agentKeys.all(), 'owner-token'] as const, queryFn: ({ signal }) => bff(agentnetRoutes.owner, { signal }) });

/**
 * The human owner's side of an agent: who holds the owner token (sandbox sign-in, or a token pasted
 * from the service), claim with the verification code, a transfer invite and its code, and the
 * confirmation of a deletion request.
 */
export function OwnerPanel({ agent }: { agent: Agent }) {
  const owner = useQuery(ownerQuery());
  const [name, setName] = useState('');
  const [token, setToken] = useState('');
  const [code, setCode] = useState('');
  const [deletion, setDeletion] = useState('');
  const refresh = { invalidates: [agentKeys.agent(agent.id), ownerQuery().queryKey, shellQueries.identities().queryKey] };
  const signIn = useMutation({ mutationFn: () => bff(agentnetRoutes.ownerSignIn, { body: { name: name.trim() } }), retry: false, meta: refresh });
  const paste = useMutation({ mutationFn: () => bff(agentnetRoutes.setOwner, { body: { token: token.trim() } }), retry: false, meta: refresh });
  const claim = useMutation({ mutationFn: () => callOperation(agentnetOps['agents.claim'], { params: { id: agent.id }, body: { verification_code: code.trim() }, asOwner: true }), retry: false, meta: refresh });
  const invite = useMutation({ mutationFn: () => callOperation(agentnetOps['agents.transferInvite'], { params: { id: agent.id }, body: {}, asOwner: true }), retry: false, meta: refresh });
  const cancel = useMutation({ mutationFn: () => callOperation(agentnetOps['agents.transferInvite.cancel'], { params: { id: agent.id }, body: {}, asOwner: true }), retry: false, meta: refresh });
  const confirm = useMutation({ mutationFn: () => callOperation(agentnetOps['agents.deletion.confirm'], { params: { id: agent.id }, body: { token: deletion.trim() }, asOwner: true }), retry: false, meta: refresh });
  const failed = [signIn, paste, claim, invite, cancel, confirm].find((m) => m.isError)?.error;
  const signedIn = owner.data?.set === true;
  return (
    <Panel title="Owner" aria-label="Owner" bodyClassName="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Stat label="Claim state" mono={false} value={claimLabel(agent.claimStatus)} />
        <Stat label="Owner token" mono={false} value={signedIn ? `${owner.data?.name ?? owner.data?.ownerId} (${owner.data?.source === 'pasted' ? 'pasted' : 'sandbox sign-in'}${owner.data?.expiresAt ? `, until ${formatDateTime(owner.data.expiresAt)}` : ''})` : 'None'} />
      </dl>
      {!signedIn ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Sign in as owner (sandbox)" className="min-w-0 flex-1">
              {({ id }) => <Input id={id} maxLength={120} value={name} onChange={(e) => setName(e.target.value)} placeholder="Your name" />}
            </Field>
            <RoleButton needs="operator" disabled={!name.trim() || signIn.isPending} onClick={() => signIn.mutate()}>
              Sign in
            </RoleButton>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Or paste an owner token (live)" className="min-w-0 flex-1">
              {({ id }) => <Input id={id} type="password" maxLength={8192} value={token} onChange={(e) => setToken(e.target.value)} />}
            </Field>
            <RoleButton needs="admin" disabled={token.trim().length < 20 || paste.isPending} onClick={() => paste.mutate()}>
              Use token
            </RoleButton>
          </div>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Verification code" hint="From the join answer, or a transfer invite's code." className="min-w-0 flex-1">
              {({ id, describedBy }) => <Input id={id} maxLength={120} value={code} onChange={(e) => setCode(e.target.value)} aria-describedby={describedBy} />}
            </Field>
            <RoleButton needs="operator" variant="primary" disabled={!code.trim() || claim.isPending} onClick={() => claim.mutate()}>
              Claim
            </RoleButton>
          </div>
          {claim.data ? <Alert tone="success" title={claim.data.message ?? 'Claimed.'}>{claim.data.newKeyIssued ? 'A new key was issued; the console keeps it and the old key no longer works.' : null}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <RoleButton needs="operator" disabled={agent.claimStatus !== 'claimed' || invite.isPending} title={agent.claimStatus !== 'claimed' ? 'Only a claimed agent is transferred, by its owner.' : undefined} onClick={() => invite.mutate()}>
              Create transfer invite
            </RoleButton>
            <RoleButton needs="operator" disabled={agent.claimStatus !== 'pending_transfer' || cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel transfer invite
            </RoleButton>
          </div>
          {agent.claimStatus !== 'claimed' && agent.claimStatus !== 'pending_transfer' ? <p className="text-xs text-muted">Transfers need a claimed agent: claim it first.</p> : null}
          {invite.data ? (
            <Alert tone="info" title="Transfer invite created.">
              Give the new owner this code: <span className="font-mono">{invite.data.code}</span>
              {invite.data.expiresAt ? ` (valid until ${formatDateTime(invite.data.expiresAt)})` : ''}.
            </Alert>
          ) : null}
          {agent.pendingDeletion ? (
            <div className="flex flex-wrap items-end gap-2">
              <Field label="Deletion confirmation token" className="min-w-0 flex-1">
                {({ id }) => <Input id={id} maxLength={120} value={deletion} onChange={(e) => setDeletion(e.target.value)} />}
              </Field>
              <RoleButton needs="operator" disabled={!deletion.trim() || confirm.isPending} onClick={() => confirm.mutate()}>
                Confirm deletion
              </RoleButton>
            </div>
          ) : null}
        </>
      )}
      {failed ? <WriteError title="The owner step did not go through" error={failed} /> : null}
    </Panel>
  );
}
