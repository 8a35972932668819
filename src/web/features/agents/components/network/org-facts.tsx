import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { agentnetOps, type Org } from '../../../../../contracts/agentnet';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { ConfirmButton } from '../../../../components/ui/confirm-button';
import { Panel } from '../../../../components/ui/card';
import { Field } from '../../../../components/ui/field';
import { Textarea } from '../../../../components/ui/textarea';
import { Stat } from '../../../../components/ui/stat';
import { errorMessage } from '../../../../lib/api';
import { netQueries, useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { formatAmount, governanceSentence, parseJsonObject } from '../../network-view';
import { AgentName } from '../agent-name';
import { WriteError } from './bits';
import { OrgEditForm } from './org-edit-form';
import { OrgOwnership } from './org-ownership';
import { OrgWalletTopUp } from './org-wallet';

/** Who created or owns the org: an agent by its name (a link to its page), anyone else by what the service says. */
function Party({ party: p, actAs }: { party: { kind: string; subject: string | null }; actAs: ActAs }) {
  if (p.kind === 'none' || !p.subject) return 'Nobody (unclaimed)';
  if (p.kind === 'agent')
    return (
      <>
        <AgentName agentId={p.subject} actAs={actAs} className="text-accent [overflow-wrap:anywhere] hover:underline" /> (agent)
      </>
    );
  return `${p.subject} (${p.kind})`;
}

/** What an org is, its wallet (governance or treasury only) and its top-up, its name and plugins, and its charter in a JSON editor checked as you type. */
export function OrgFacts({ org, actAs, governs, treasury }: { org: Org; actAs: ActAs; governs: boolean; treasury: boolean }) {
  // The service answers 403 to anyone but governance and treasury members: only they ask.
  const wallet = useQuery({ ...netQueries.orgWallet(org.id, actAs), enabled: !!actAs && (governs || treasury) });
  const [charter, setCharter] = useState(() => JSON.stringify(org.charter, null, 2));
  const parsed = parseJsonObject(charter);
  const update = useOpWrite(agentnetOps['orgs.update'], actAs, [agentKeys.org(org.id), agentKeys.orgs()]);
  const dissolve = useOpWrite(agentnetOps['orgs.dissolve'], actAs, [agentKeys.org(org.id), agentKeys.orgs()]);
  const failed = update.error ?? dissolve.error;
  return (
    <Panel title="Organization" aria-label="Organization" bodyClassName="flex flex-col gap-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Stat label="Status" value={<Badge tone={org.status === 'active' ? 'success' : 'danger'}>{org.status}</Badge>} mono={false} />
        <Stat
          label="Subnet"
          value={org.subnetId ? <Link to="/agents/subnets/$subnetId" params={{ subnetId: org.subnetId }} className="text-accent hover:underline">{org.subnetId}</Link> : 'None'}
        />
        <Stat label="Created by" mono={false} value={<Party party={org.createdBy} actAs={actAs} />} />
        <Stat label="Owner" mono={false} value={<Party party={org.owner} actAs={actAs} />} />
        <Stat label="Plugins" value={org.plugins.join(', ') || 'None'} />
        <Stat
          label="Wallet"
          mono={false}
          value={
            wallet.data
              ? wallet.data.exists
                ? `${formatAmount(wallet.data.balance, wallet.data.currency)} free · ${formatAmount(wallet.data.held, wallet.data.currency)} in escrow`
                : 'No wallet yet: the first top-up creates it (org-paid rewards need one)'
              : wallet.isError
                ? `Not shown: ${errorMessage(wallet.error)}`
                : !actAs || !(governs || treasury)
                  ? 'Only its creator, its owner or a treasury member reads it.'
                  : 'Loading…'
          }
        />
      </dl>
      {actAs && (governs || treasury) ? <OrgWalletTopUp orgId={org.id} /> : null}
      <OrgEditForm org={org} actAs={actAs} governs={governs} />
      <Field label="Charter (JSON)" hint={governs ? 'Checked as you type; saved with “Save charter”.' : 'Only the creator or the claimed owner changes it.'} errors={'error' in parsed ? parsed.error : null}>
        {({ id, describedBy, invalid }) => (
          <Textarea id={id} rows={5} maxLength={20_000} className="font-mono text-sm" readOnly={!governs} value={charter} onChange={(e) => setCharter(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid || undefined} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button disabled={!governs || 'error' in parsed || update.isPending} onClick={() => 'value' in parsed && update.mutate({ params: { oid: org.id }, body: { charter: parsed.value } })}>
          {update.isPending ? 'Saving…' : 'Save charter'}
        </Button>
        <ConfirmButton
          label="Dissolve"
          question={`Dissolve ${org.name}? It stops taking work; this cannot be undone.`}
          confirmLabel="Dissolve"
          disabled={!governs || org.status !== 'active' || dissolve.isPending}
          onConfirm={() => dissolve.mutate({ params: { oid: org.id }, body: {} })}
        />
      </div>
      <OrgOwnership org={org} actAs={actAs} governs={governs} />
      {update.isSuccess ? <p role="status" className="text-sm text-success">Charter saved.</p> : null}
      {failed ? <WriteError title="The organization did not change" error={failed} extra={governanceSentence(failed, 'change it')} /> : null}
    </Panel>
  );
}
