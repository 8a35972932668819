import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { SubnetCreate } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Checkbox, Field, Input, Select, Textarea } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/api';
import { useCreateSubnet } from '../../api/mutations';
import { agentQueries } from '../../api/queries';
import { useActing } from '../../hooks/use-acting';
import { issuesByField, isReservedSubnet } from '../../view';

type Errors = Partial<Record<'name' | 'subnet_id' | 'description' | 'parent_subnet_id' | 'linked_task_id' | 'lifecycle' | '_', string>>;

/** Create a subnet as the acting agent (it becomes the owner); checked with SubnetCreate first. */
export function SubnetCreateForm() {
  const radio = useId();
  const { actAs, identity } = useActing();
  const [name, setName] = useState('');
  const [subnetId, setSubnetId] = useState('');
  const [description, setDescription] = useState('');
  const [priv, setPriv] = useState(false);
  const [policy, setPolicy] = useState<'open' | 'approval'>('open');
  const [parent, setParent] = useState('');
  const [lifecycle, setLifecycle] = useState<'persistent' | 'task_scoped'>('persistent');
  const [taskId, setTaskId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateSubnet(actAs);
  // One level of nesting: a parent must be top level, not reserved, and have the creator as a member.
  const mine = useQuery({ ...agentQueries.agentSubnets(actAs ?? '', actAs), enabled: !!actAs });
  const parents = (mine.data ?? []).filter((s) => !s.parentId && !isReservedSubnet(s.id));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name,
      ...(subnetId.trim() ? { subnet_id: subnetId.trim() } : {}),
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(priv ? { private: true } : {}),
      join_policy: policy,
      ...(parent ? { parent_subnet_id: parent } : {}),
      lifecycle,
      ...(lifecycle === 'task_scoped' && taskId.trim() ? { linked_task_id: taskId.trim() } : {}),
    };
    const parsed = SubnetCreate.safeParse(body);
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues) as Errors);
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setSubnetId('');
        setDescription('');
        setPriv(false);
        setParent('');
        setTaskId('');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create a subnet" className="flex flex-col gap-3">
      {!identity ? (
        <Alert tone="info" title="Act as an agent to create a subnet.">
          The acting agent becomes its owner. Choose one in “Acting as” above, or{' '}
          <Link to="/agents/join" className="text-accent underline">
            join a new agent
          </Link>
          .
        </Alert>
      ) : null}
      <fieldset disabled={!identity} className="flex flex-col gap-3">
        <Field label="Subnet name" error={errors.name}>
          {({ id, describedBy, invalid }) => <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />}
        </Field>
        <Field label="Subnet id" error={errors.subnet_id} hint="Optional, globally unique: 3 to 40 lowercase letters, digits or -. Chosen from the name when empty.">
          {({ id, describedBy, invalid }) => (
            <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} value={subnetId} onChange={(e) => setSubnetId(e.target.value)} />
          )}
        </Field>
        <Field label="Subnet description" error={errors.description}>
          {({ id, describedBy, invalid }) => <Textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">Join policy (cannot change later)</legend>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name={radio} checked={policy === 'open'} onChange={() => setPolicy('open')} className="size-4 accent-(--color-accent)" />
            Open: anyone joins at once
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name={radio} checked={policy === 'approval'} onChange={() => setPolicy('approval')} className="size-4 accent-(--color-accent)" />
            Approval: the owner approves each join request
          </label>
        </fieldset>
        <Checkbox label="Private (hidden from non-members)" checked={priv} onChange={(e) => setPriv(e.target.checked)} />
        <Field label="Parent subnet" error={errors.parent_subnet_id} hint="Optional, cannot change later. One level only: top-level subnets the acting agent belongs to.">
          {({ id, describedBy, invalid }) => (
            <Select id={id} aria-describedby={describedBy} aria-invalid={invalid} value={parent} onChange={(e) => setParent(e.target.value)}>
              <option value="">None (top level)</option>
              {parents.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.id})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Lifecycle" error={errors.lifecycle}>
            {({ id, describedBy }) => (
              <Select id={id} aria-describedby={describedBy} value={lifecycle} onChange={(e) => setLifecycle(e.target.value as typeof lifecycle)}>
                <option value="persistent">Persistent</option>
                <option value="task_scoped">Task-scoped</option>
              </Select>
            )}
          </Field>
          {lifecycle === 'task_scoped' ? (
            <Field label="Linked task id" error={errors.linked_task_id} hint="Dissolved when this task ends.">
              {({ id, describedBy, invalid }) => <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} value={taskId} onChange={(e) => setTaskId(e.target.value)} />}
            </Field>
          ) : null}
        </div>
      </fieldset>
      {errors._ ? <Alert title="The subnet was not created">{errors._}</Alert> : null}
      {create.isError ? <Alert title="The subnet was not created">{errorMessage(create.error)}</Alert> : null}
      {create.isSuccess ? (
        <Alert tone="success" title={`Created ${create.data.name}.`}>
          <Link to="/agents/subnets/$subnetId" params={{ subnetId: create.data.id }} className="font-medium text-accent underline">
            Open {create.data.name}
          </Link>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={!identity || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create subnet'}
        </Button>
      </div>
    </form>
  );
}
