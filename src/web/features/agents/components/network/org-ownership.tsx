import { useState } from 'react';
import { agentnetOps, type Org } from '../../../../../contracts/agentnet';
import { Button } from '../../../../components/ui/button';
import { ConfirmButton } from '../../../../components/ui/confirm-button';
import { Field, Input, Select } from '../../../../components/ui/field';
import { useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { governanceSentence } from '../../network-view';
import { WriteError } from './bits';

/** Claim (the creator agent), transfer to an agent or a human, release: the org's governance. */
export function OrgOwnership({ org, actAs, governs }: { org: Org; actAs: ActAs; governs: boolean }) {
  const refresh = [agentKeys.org(org.id), agentKeys.orgs()];
  const claim = useOpWrite(agentnetOps['orgs.claim'], actAs, refresh);
  const release = useOpWrite(agentnetOps['orgs.release'], actAs, refresh);
  const transfer = useOpWrite(agentnetOps['orgs.transfer'], actAs, refresh);
  const [kind, setKind] = useState<'agent' | 'human'>('agent');
  const [subject, setSubject] = useState('');
  const failed = claim.error ?? release.error ?? transfer.error;
  const active = org.status === 'active';
  const claimWhy = !actAs ? 'Act as the creator agent to claim it.' : org.claimed ? 'It is already claimed.' : actAs !== org.createdBy.subject ? 'Only its creator agent (or the human who owns that agent) claims it.' : !active ? 'A dissolved org cannot be claimed.' : null;
  return (
    <section aria-label="Ownership" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Ownership</h3>
      <div className="flex flex-wrap gap-2">
        <Button disabled={!!claimWhy || claim.isPending} onClick={() => claim.mutate({ params: { oid: org.id }, body: {} })}>
          Claim as the acting agent
        </Button>
        <ConfirmButton
          label="Release"
          question={`Release ${org.name}? It will have no owner until someone claims it.`}
          confirmLabel="Release"
          disabled={!governs || !org.claimed || release.isPending}
          onConfirm={() => release.mutate({ params: { oid: org.id }, body: {} })}
        />
      </div>
      {claimWhy ? <p className="text-xs text-muted">{claimWhy}</p> : null}
      <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[8rem_1fr_auto]">
        <Field label="New owner kind">
          {({ id }) => (
            <Select id={id} value={kind} disabled={!governs} onChange={(e) => setKind(e.target.value as 'agent' | 'human')}>
              <option value="agent">agent</option>
              <option value="human">human</option>
            </Select>
          )}
        </Field>
        <Field label="New owner id">
          {({ id }) => <Input id={id} maxLength={120} disabled={!governs} value={subject} onChange={(e) => setSubject(e.target.value)} />}
        </Field>
        <Button disabled={!governs || !active || !subject.trim() || transfer.isPending} onClick={() => transfer.mutate({ params: { oid: org.id }, body: { kind, subject: subject.trim() } }, { onSuccess: () => setSubject('') })}>
          Transfer
        </Button>
      </div>
      {!governs ? <p className="text-xs text-muted">Only the creator or the claimed owner transfers or releases it.</p> : null}
      {failed ? <WriteError title="The ownership did not change" error={failed} extra={governanceSentence(failed, 'change its ownership')} /> : null}
    </section>
  );
}
