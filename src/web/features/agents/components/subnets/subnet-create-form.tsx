import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useStore } from '@tanstack/react-form';
import { SubnetCreate } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { errorMessage } from '../../../../lib/api';
import { maxLengthOf } from '../../../../lib/form';
import { useCreateSubnet } from '../../api/mutations';
import { agentQueries } from '../../api/queries';
import { useActing } from '../../hooks/use-acting';
import { isReservedSubnet } from '../../view';

type Values = {
  name: string;
  subnet_id: string;
  description: string;
  private: boolean;
  join_policy: 'open' | 'approval';
  parent_subnet_id: string;
  lifecycle: 'persistent' | 'task_scoped';
  linked_task_id: string;
};
const empty: Values = { name: '', subnet_id: '', description: '', private: false, join_policy: 'open', parent_subnet_id: '', lifecycle: 'persistent', linked_task_id: '' };
const labels = { name: 'Subnet name', subnet_id: 'Subnet id', description: 'Description', parent_subnet_id: 'Parent', lifecycle: 'Lifecycle', linked_task_id: 'Linked task id' };
const policies = [
  { value: 'open', label: 'Open: anyone joins at once' },
  { value: 'approval', label: 'Approval: the owner approves each join request' },
] as const;
const lifecycles = [
  { value: 'persistent', label: 'Persistent' },
  { value: 'task_scoped', label: 'Task-scoped' },
] as const;

const toBody = (v: Values) => ({
  name: v.name,
  ...(v.subnet_id.trim() ? { subnet_id: v.subnet_id.trim() } : {}),
  ...(v.description.trim() ? { description: v.description.trim() } : {}),
  ...(v.private ? { private: true } : {}),
  join_policy: v.join_policy,
  ...(v.parent_subnet_id ? { parent_subnet_id: v.parent_subnet_id } : {}),
  lifecycle: v.lifecycle,
  ...(v.lifecycle === 'task_scoped' && v.linked_task_id.trim() ? { linked_task_id: v.linked_task_id.trim() } : {}),
});

/** Create a subnet as the acting agent (it becomes the owner); checked with SubnetCreate first. */
export function SubnetCreateForm() {
  const { actAs, identity } = useActing();
  const create = useCreateSubnet(actAs);
  // One level of nesting: a parent must be top level, not reserved, and have the creator as a member.
  const mine = useQuery({ ...agentQueries.agentSubnets(actAs ?? '', actAs), enabled: !!actAs });
  const parents = (mine.data ?? []).filter((s) => !s.parentId && !isReservedSubnet(s.id));
  const { form, formProps, showServerErrors } = useContractForm({
    schema: SubnetCreate,
    defaultValues: empty,
    toBody,
    labels,
    onEdit: () => {
      if (!create.isPending) create.reset();
    },
    onValid: (body) => create.mutate(body, { onSuccess: () => form.reset(), onError: showServerErrors }),
  });
  const lifecycle = useStore(form.store, (s) => s.values.lifecycle);
  const parentOptions = [{ value: '', label: 'None (top level)' }, ...parents.map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }))];

  return (
    <form {...formProps} aria-label="Create a subnet" className="flex flex-col gap-3">
      {!identity ? (
        <Alert tone="info" title="Act as an agent to create a subnet.">
          The acting agent becomes its owner. Choose one in “Acting as” above, or{' '}
          <Link to="/agents/join" className="text-accent underline">
            join a new agent
          </Link>
          .
        </Alert>
      ) : null}
      <fieldset disabled={!identity} className="flex min-w-0 flex-col gap-3">
        <form.AppField name="name">{(f) => <f.TextField label="Subnet name" max={maxLengthOf(SubnetCreate, 'name')} />}</form.AppField>
        <form.AppField name="subnet_id">
          {(f) => <f.TextField label="Subnet id" hint="Optional, globally unique: 3 to 40 lowercase letters, digits or -. Chosen from the name when empty." />}
        </form.AppField>
        <form.AppField name="description">{(f) => <f.TextAreaField label="Subnet description" max={maxLengthOf(SubnetCreate, 'description')} />}</form.AppField>
        <form.AppField name="join_policy">{(f) => <f.ChoiceField legend="Join policy (cannot change later)" options={policies} />}</form.AppField>
        <form.AppField name="private">{(f) => <f.CheckboxField label="Private (hidden from non-members)" />}</form.AppField>
        <form.AppField name="parent_subnet_id">
          {(f) => <f.SelectField label="Parent subnet" hint="Optional, cannot change later. One level only: top-level subnets the acting agent belongs to." options={parentOptions} />}
        </form.AppField>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <form.AppField name="lifecycle">{(f) => <f.SelectField label="Lifecycle" options={lifecycles} />}</form.AppField>
          {lifecycle === 'task_scoped' ? (
            <form.AppField name="linked_task_id">{(f) => <f.TextField label="Linked task id" hint="Dissolved when this task ends." />}</form.AppField>
          ) : null}
        </div>
      </fieldset>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {create.isError ? <Alert title="The subnet was not created">{errorMessage(create.error)}</Alert> : null}
      {create.isSuccess ? (
        <Alert tone="success" title={`Created ${create.data.name}.`}>
          <Link to="/agents/subnets/$subnetId" params={{ subnetId: create.data.id }} className="font-medium text-accent underline">
            Open {create.data.name}
          </Link>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant="primary" disabled={!identity || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create subnet'}
        </RoleButton>
      </div>
    </form>
  );
}
