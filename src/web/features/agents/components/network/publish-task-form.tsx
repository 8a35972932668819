import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { agentnetOps, PublishTask, TaskCreate } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { governanceSentence } from '../../network-view';
import { parseTags } from '../../view';
import { SpendConfirm, WriteError, type SpendAsk } from './bits';

type Values = { title: string; description: string; tags: string; reward: string; reward_currency: string; pay_from: 'agent' | 'org'; max_resubmit_attempts: string; create_work: boolean };
const empty: Values = { title: '', description: '', tags: '', reward: '', reward_currency: 'credits', pay_from: 'agent', max_resubmit_attempts: '2', create_work: true };
const payers = [
  { value: 'agent', label: 'The acting agent (no escrow)' },
  { value: 'org', label: 'The org wallet (locked in escrow until approved)' },
] as const;
const labels = { title: 'Task title', description: 'Task description', tags: 'Tags', reward: 'Reward', reward_currency: 'Currency', max_resubmit_attempts: 'Resubmissions allowed' };

const common = (v: Values) => ({
  title: v.title.trim(),
  ...(v.description.trim() ? { description: v.description.trim() } : {}),
  ...(v.tags.trim() ? { tags: parseTags(v.tags) } : {}),
  ...(v.reward.trim() ? { reward: v.reward.trim() } : {}),
  reward_currency: v.reward_currency.trim(),
  ...(v.max_resubmit_attempts.trim() ? { max_resubmit_attempts: Number(v.max_resubmit_attempts) } : {}),
});

/**
 * Publish a pool task: for an org (`orgId`: publish-task, paid by the agent or the org; org-paid
 * rewards are confirmed first, as they lock credits in escrow) or as the acting agent alone
 * (tasks.create, its reward optionally escrowed from its credits, confirmed first too).
 */
export function PublishTaskForm({ orgId, actAs, disabledReason }: { orgId?: string; actAs: ActAs; disabledReason?: string | null }) {
  const refresh = [agentKeys.tasks(), ...(orgId ? [agentKeys.org(orgId)] : [])];
  const publish = useOpWrite(agentnetOps['orgs.publishTask'], actAs, refresh);
  const createTask = useOpWrite(agentnetOps['tasks.create'], actAs, refresh);
  const write = orgId ? publish : createTask;
  const [ask, setAsk] = useState<{ spend: SpendAsk; body: unknown } | null>(null);
  const schema = orgId ? PublishTask : TaskCreate;
  const toBody = (v: Values) =>
    orgId ? { ...common(v), pay_from: v.pay_from, create_work: v.create_work } : { ...common(v), ...(v.pay_from === 'org' ? { use_escrow: true } : {}) };
  const send = (body: unknown) =>
    (orgId ? publish.mutate({ params: { oid: orgId }, body }, { onSuccess: () => form.reset(), onError: showServerErrors }) : createTask.mutate({ body }, { onSuccess: () => form.reset(), onError: showServerErrors }));
  const { form, formProps, showServerErrors } = useContractForm({
    schema,
    defaultValues: empty,
    toBody,
    labels,
    onEdit: () => {
      setAsk(null);
      if (!write.isPending) write.reset();
    },
    onValid: (body, v) => {
      const reward = Number(v.reward || 0);
      if (v.pay_from === 'org' && reward > 0) setAsk({ spend: { amount: reward, currency: v.reward_currency.trim(), what: orgId ? `the reward of "${v.title.trim()}", locked in the org wallet's escrow` : `the reward of "${v.title.trim()}", locked in escrow from the acting agent's credits` }, body });
      else send(body);
    },
  });
  const disabled = !actAs || !!disabledReason;
  const done = write.data && 'id' in write.data ? write.data : null;
  return (
    <form {...formProps} aria-label={orgId ? 'Publish a task' : 'Create a task'} className="flex flex-col gap-3">
      {disabledReason ? <p className="text-sm text-muted">{disabledReason}</p> : null}
      <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3">
        <form.AppField name="title">{(f) => <f.TextField label="Task title" max={200} />}</form.AppField>
        <form.AppField name="description">{(f) => <f.TextAreaField label="Task description" max={5000} />}</form.AppField>
        <form.AppField name="tags">{(f) => <f.TextField label="Tags" hint="Comma separated, up to 20 (32 characters each)." max={700} />}</form.AppField>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <form.AppField name="reward">{(f) => <f.TextField label="Reward" inputMode="decimal" max={20} />}</form.AppField>
          <form.AppField name="reward_currency">{(f) => <f.TextField label="Currency" max={16} />}</form.AppField>
          <form.AppField name="max_resubmit_attempts">{(f) => <f.TextField label="Resubmissions allowed" inputMode="numeric" hint="0 to 20" max={2} />}</form.AppField>
        </div>
        <form.AppField name="pay_from">
          {(f) => (orgId ? <f.ChoiceField legend="Paid by" options={payers} /> : <f.ChoiceField legend="Paid by" options={[{ value: 'agent', label: 'The acting agent, on completion' }, { value: 'org', label: "Held in escrow from the acting agent's credits now" }]} />)}
        </form.AppField>
        {orgId ? <form.AppField name="create_work">{(f) => <f.CheckboxField label="Also add it to the work board" />}</form.AppField> : null}
      </fieldset>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {ask ? <SpendConfirm ask={ask.spend} pending={write.isPending} onCancel={() => setAsk(null)} onConfirm={() => { send(ask.body); setAsk(null); }} /> : null}
      {write.isError ? <WriteError title="The task was not published" error={write.error} extra={governanceSentence(write.error, 'publish tasks')} /> : null}
      {done ? (
        <Alert tone="success" title={`Published ${done.title}.`}>
          <Link to="/agents/tasks/$taskId" params={{ taskId: done.id }} className="font-medium text-accent underline">
            Open the task
          </Link>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant="primary" disabled={disabled || write.isPending || !!ask}>
          {write.isPending ? 'Publishing…' : orgId ? 'Publish task' : 'Create task'}
        </RoleButton>
      </div>
    </form>
  );
}
