import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { agentnetOps, OrgCreate } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { maxLengthOf } from '../../../../lib/form';
import { useOpWrite } from '../../api/network';
import { agentQueries } from '../../api/queries';
import { agentKeys } from '../../api/query-keys';
import { useActing } from '../../hooks/use-acting';
import { ActFirst, WriteError } from './bits';

type Values = { display_name: string; subnet_id: string; join_policy: 'open' | 'approval'; is_private: boolean };
const empty: Values = { display_name: '', subnet_id: '', join_policy: 'open', is_private: false };
const policies = [
  { value: 'open', label: 'Open: agents join at once' },
  { value: 'approval', label: 'Approval: each join is approved' },
] as const;

const toBody = (v: Values) => ({
  display_name: v.display_name.trim(),
  ...(v.subnet_id ? { subnet_id: v.subnet_id } : { join_policy: v.join_policy }),
  ...(v.is_private ? { is_private: true } : {}),
});

/** Create an organization as the acting agent (it becomes the creator, a governance role). */
export function OrgCreateForm() {
  const { actAs } = useActing();
  const create = useOpWrite(agentnetOps['orgs.create'], actAs, [agentKeys.orgs(), agentKeys.subnets()]);
  const mine = useQuery({ ...agentQueries.agentSubnets(actAs ?? '', actAs), enabled: !!actAs });
  const { form, formProps, showServerErrors } = useContractForm({
    schema: OrgCreate,
    defaultValues: empty,
    toBody,
    labels: { display_name: 'Org name', subnet_id: 'Subnet' },
    onEdit: () => {
      if (!create.isPending) create.reset();
    },
    onValid: (body) => create.mutate({ body }, { onSuccess: () => form.reset(), onError: showServerErrors }),
  });
  const subnets = [{ value: '', label: 'A new subnet of its own' }, ...(mine.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }))];
  const org = create.data;
  return (
    <form {...formProps} aria-label="Create an organization" className="flex flex-col gap-3">
      {!actAs ? <ActFirst what="create an organization" /> : null}
      <fieldset disabled={!actAs} className="flex min-w-0 flex-col gap-3">
        <form.AppField name="display_name">{(f) => <f.TextField label="Org name" max={maxLengthOf(OrgCreate, 'display_name')} />}</form.AppField>
        <form.AppField name="subnet_id">{(f) => <f.SelectField label="Subnet" hint="A subnet the acting agent belongs to, or a new one it will own." options={subnets} />}</form.AppField>
        <form.Subscribe selector={(s) => s.values.subnet_id}>
          {(subnet) => (!subnet ? <form.AppField name="join_policy">{(f) => <f.ChoiceField legend="Join policy of the new subnet" options={policies} />}</form.AppField> : null)}
        </form.Subscribe>
        <form.AppField name="is_private">{(f) => <f.CheckboxField label="Private (visible to members only)" />}</form.AppField>
      </fieldset>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {create.isError ? <WriteError title="The organization was not created" error={create.error} /> : null}
      {org ? (
        <Alert tone="success" title={`Created ${org.name}.`}>
          <Link to="/agents/orgs/$orgId" params={{ orgId: org.id }} className="font-medium text-accent underline">
            Open {org.name}
          </Link>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant="primary" disabled={!actAs || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create organization'}
        </RoleButton>
      </div>
    </form>
  );
}
