import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { agentnetOps } from '../../../../../contracts/agentnet';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { allowlistQuery, policyQuery, useOpWrite } from '../../api/network';
import { modeLabel } from '../../view';
import { PagedList, WriteError } from './bits';

/** The acting agent's reception mode (changed on its own page) and its allowlist: add and remove agents. */
export function Reception({ agentId }: { agentId: string }) {
  const policy = useQuery(policyQuery(agentId));
  const list = useQuery(allowlistQuery(agentId));
  const refresh = [allowlistQuery(agentId).queryKey];
  const add = useOpWrite(agentnetOps['agents.allowlist.add'], agentId, refresh);
  const remove = useOpWrite(agentnetOps['agents.allowlist.remove'], agentId, refresh);
  const [target, setTarget] = useState('');
  return (
    <Panel title="Reception" bodyClassName="flex flex-col gap-3">
      <p className="text-sm">
        Mode: <strong>{policy.data ? modeLabel(policy.data.mode) : '…'}</strong>
        {policy.data?.attentionFeeRequired ? ' · an attention fee is required' : ''}.{' '}
        <Link to="/agents/$agentId" params={{ agentId }} className="text-accent underline">
          Change it on the agent’s page
        </Link>
        .
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Allow an agent (id)" className="min-w-0 flex-1">
          {({ id }) => <Input id={id} maxLength={120} value={target} onChange={(e) => setTarget(e.target.value)} />}
        </Field>
        <Button disabled={!target.trim() || add.isPending} onClick={() => add.mutate({ params: { id: agentId, target: target.trim() }, body: {} }, { onSuccess: () => setTarget('') })}>
          Add to allowlist
        </Button>
      </div>
      <PagedList
        items={list.data ?? []}
        label="Allowlist"
        noun="agents"
        empty="The allowlist is empty."
        getKey={(e) => e.agentId}
        render={(e) => (
          <div className="flex items-center justify-between gap-2 py-1">
            <span className="min-w-0 truncate font-mono text-sm">{e.agentId}</span>
            <Button size="sm" onClick={() => remove.mutate({ params: { id: agentId, target: e.agentId } })}>
              Remove
            </Button>
          </div>
        )}
      />
      {add.error ?? remove.error ? <WriteError title="The allowlist did not change" error={add.error ?? remove.error} /> : null}
    </Panel>
  );
}
