import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { agentnetOps, ClaimResult, TransferInviteResult, type Agent } from '../../../../../contracts/agentnet';
import { ACT_AS_OWNER_HEADER } from '../../../../../contracts/bff';
import type { Operation } from '../../../../../contracts/routes';
import { z } from '../../../../../contracts/zod';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { Stat } from '../../../../components/ui/stat';
import { api } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/format-extra';
import { operationPath } from '../../../../lib/operation';
import { agentKeys } from '../../api/query-keys';
import { shellQueries } from '../../api/shell-queries';
import { claimLabel } from '../../view';
import { WriteError } from './bits';

const OwnerView = z.looseObject({ set: z.boolean(), ownerId: z.optional(z.string()), name: z.optional(z.nullable(z.string())), expiresAt: z.optional(z.nullable(z.number())), source: z.optional(z.string()) });
const ownerQuery = () => queryOptions({ queryKey: [...agentKeys.all(), 'owner-token'] as const, queryFn: ({ signal }) => api('/api/agentnet/owner', OwnerView, { signal }) });
const Anything = z.unknown();

/** Sends an operation with the owner identity token (the BFF adds it for `x-act-as-owner: 1`). */
const asOwner = <S extends z.ZodMiniType>(op: Operation, id: string, body: unknown, schema: S) =>
  api(operationPath(op, { params: { id } }), schema, { method: op.method, json: body, headers: { [ACT_AS_OWNER_HEADER]: '1' } });

/**
 * The human owner's side of an agent: who holds the owner token (sandbox sign-in, or a token pasted
 * from the service), claim with the verification code, a transfer invite and its code, and the
 * confirmation of a deletion request.
 */
export function OwnerPanel({ agent }: { agent: Agent }) {
  const qc = useQueryClient();
  const owner = useQuery(ownerQuery());
  const [name, setName] = useState('');
  const [token, setToken] = useState('');
  const [code, setCode] = useState('');
  const [deletion, setDeletion] = useState('');
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: agentKeys.agent(agent.id) }), qc.invalidateQueries({ queryKey: ownerQuery().queryKey }), qc.invalidateQueries({ queryKey: shellQueries.identities().queryKey })]);
  const signIn = useMutation({ mutationFn: () => api('/api/agentnet/owner/sign-in', OwnerView, { method: 'POST', json: { name: name.trim() } }), retry: false, onSuccess: refresh });
  const paste = useMutation({ mutationFn: () => api('/api/agentnet/owner', OwnerView, { method: 'PUT', json: { token: token.trim() } }), retry: false, onSuccess: refresh });
  const claim = useMutation({ mutationFn: () => asOwner(agentnetOps['agents.claim'], agent.id, { verification_code: code.trim() }, ClaimResult), retry: false, onSuccess: refresh });
  const invite = useMutation({ mutationFn: () => asOwner(agentnetOps['agents.transferInvite'], agent.id, {}, TransferInviteResult), retry: false, onSuccess: refresh });
  const cancel = useMutation({ mutationFn: () => asOwner(agentnetOps['agents.transferInvite.cancel'], agent.id, {}, Anything), retry: false, onSuccess: refresh });
  const confirm = useMutation({ mutationFn: () => asOwner(agentnetOps['agents.deletion.confirm'], agent.id, { token: deletion.trim() }, Anything), retry: false, onSuccess: refresh });
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
            <Button disabled={!name.trim() || signIn.isPending} onClick={() => signIn.mutate()}>
              Sign in
            </Button>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Or paste an owner token (live)" className="min-w-0 flex-1">
              {({ id }) => <Input id={id} type="password" maxLength={8192} value={token} onChange={(e) => setToken(e.target.value)} />}
            </Field>
            <Button disabled={token.trim().length < 20 || paste.isPending} onClick={() => paste.mutate()}>
              Use token
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Verification code" hint="From the join answer, or a transfer invite's code." className="min-w-0 flex-1">
              {({ id, describedBy }) => <Input id={id} maxLength={120} value={code} onChange={(e) => setCode(e.target.value)} aria-describedby={describedBy} />}
            </Field>
            <Button variant="primary" disabled={!code.trim() || claim.isPending} onClick={() => claim.mutate()}>
              Claim
            </Button>
          </div>
          {claim.data ? <Alert tone="success" title={claim.data.message ?? 'Claimed.'}>{claim.data.newKeyIssued ? 'A new key was issued; the console keeps it and the old key no longer works.' : null}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button disabled={agent.claimStatus !== 'claimed' || invite.isPending} title={agent.claimStatus !== 'claimed' ? 'Only a claimed agent is transferred, by its owner.' : undefined} onClick={() => invite.mutate()}>
              Create transfer invite
            </Button>
            <Button disabled={agent.claimStatus !== 'pending_transfer' || cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel transfer invite
            </Button>
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
              <Button disabled={!deletion.trim() || confirm.isPending} onClick={() => confirm.mutate()}>
                Confirm deletion
              </Button>
            </div>
          ) : null}
        </>
      )}
      {failed ? <WriteError title="The owner step did not go through" error={failed} /> : null}
    </Panel>
  );
}
