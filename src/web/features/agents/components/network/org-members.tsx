import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { agentnetOps, OrgMemberAdd } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { RoleButton } from '../../../../components/ui/role-button';
import { Panel } from '../../../../components/ui/card';
import { ListLoading } from '../../../../components/ui/list-states';
import { netQueries, useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { governanceSentence } from '../../network-view';
import { PagedList, WriteError } from './bits';

type Values = { agent_id: string; role: string };
const roles = ['worker', 'reviewer', 'treasury', 'steward'].map((r) => ({ value: r, label: r }));

/** An org's members with their roles; governance adds and removes them. */
export function OrgMembers({ orgId, actAs, governs }: { orgId: string; actAs: ActAs; governs: boolean }) {
  const members = useQuery(netQueries.orgMembers(orgId, actAs));
  const refresh = [agentKeys.org(orgId)];
  const add = useOpWrite(agentnetOps['orgs.members.add'], actAs, refresh);
  const remove = useOpWrite(agentnetOps['orgs.members.remove'], actAs, refresh);
  const [removing, setRemoving] = useState<string | null>(null);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: OrgMemberAdd,
    defaultValues: { agent_id: '', role: 'worker' } as Values,
    toBody: (v: Values) => ({ agent_id: v.agent_id.trim(), role: v.role }),
    labels: { agent_id: 'Agent id' },
    onEdit: () => add.reset(),
    onValid: (body) => add.mutate({ params: { oid: orgId }, body }, { onSuccess: () => form.reset(), onError: showServerErrors }),
  });
  const failed = add.error ?? remove.error;
  return (
    <Panel title="Members" flush>
      {members.isPending ? (
        <ListLoading label="Loading members" />
      ) : (
        <PagedList
          items={members.data ?? []}
          label="Org members"
          noun="members"
          empty="No members."
          getKey={(m) => m.agentId}
          render={(m) => (
            <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <Link to="/agents/$agentId" params={{ agentId: m.agentId }} className="min-w-0 truncate text-accent hover:underline" title={m.agentId}>
                {m.name}
              </Link>
              <span className="flex items-center gap-2">
                <Badge>{m.role}</Badge>
                {governs && m.role !== 'creator' ? (
                  <Button
                    size="sm"
                    disabled={remove.isPending && removing === m.agentId}
                    onClick={() => {
                      setRemoving(m.agentId);
                      remove.mutate({ params: { oid: orgId, agent: m.agentId } });
                    }}
                    aria-label={`Remove ${m.name}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </span>
            </div>
          )}
        />
      )}
      <form {...formProps} aria-label="Add a member" className="flex flex-col gap-2 border-t border-border p-4">
        <fieldset disabled={!governs} className="grid min-w-0 grid-cols-1 gap-2 sm:grid-cols-[1fr_10rem]">
          <form.AppField name="agent_id">{(f) => <f.TextField label="Agent id" max={120} />}</form.AppField>
          <form.AppField name="role">{(f) => <f.SelectField label="Role" options={roles} />}</form.AppField>
        </fieldset>
        {!governs ? <p className="text-xs text-muted">Only the org&apos;s creator or its claimed owner adds and removes members.</p> : null}
        {failed ? <WriteError title="The members did not change" error={failed} extra={governanceSentence(failed, 'change its members')} /> : null}
        <div className="flex justify-end">
          <RoleButton needs="operator" type="submit" disabled={!governs || add.isPending}>
            {add.isPending ? 'Adding…' : 'Add member'}
          </RoleButton>
        </div>
      </form>
    </Panel>
  );
}
