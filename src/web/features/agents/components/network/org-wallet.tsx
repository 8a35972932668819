import { useMutation } from '@tanstack/react-query';
import { OrgTopUp } from '../../../../../contracts/agentnet';
import * as agentnetRoutes from '../../../../../contracts/bff-routes/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { RoleButton } from '../../../../components/ui/role-button';
import { bff } from '../../../../lib/bff';
import { agentKeys } from '../../api/query-keys';
import { formatAmount } from '../../network-view';
import { WriteError } from './bits';

type Values = { amount: string };

/**
 * Adds credits to an org wallet: the service funds orgs by a backend top-up (an internal
 * credential, not an agent key), which creates the wallet the first time. The console holds that
 * credential for the sandbox only; live, the console server refuses and says who funds orgs.
 */
export function OrgWalletTopUp({ orgId }: { orgId: string }) {
  const topUp = useMutation({
    mutationFn: (body: { amount: number }) => bff(agentnetRoutes.topUpOrg, { params: { orgId }, body }),
    retry: false,
    meta: { invalidates: [agentKeys.org(orgId)] },
  });
  const { form, formProps, showServerErrors } = useContractForm({
    schema: OrgTopUp,
    defaultValues: { amount: '' } as Values,
    toBody: (v: Values) => ({ amount: v.amount.trim() ? Number(v.amount) : Number.NaN }),
    labels: { amount: 'Credits to add' },
    onEdit: () => {
      if (!topUp.isPending) topUp.reset();
    },
    onValid: (body) => topUp.mutate(body, { onSuccess: () => form.reset(), onError: showServerErrors }),
  });
  return (
    <form {...formProps} aria-label="Top up the org wallet" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <form.AppField name="amount">
          {(f) => <f.TextField label="Credits to add" inputMode="decimal" max={12} className="min-w-0 flex-1" />}
        </form.AppField>
        <RoleButton needs="operator" type="submit" disabled={topUp.isPending}>
          {topUp.isPending ? 'Adding…' : 'Top up'}
        </RoleButton>
      </div>
      <p className="text-xs text-muted">Sandbox: the service’s backend top-up that funds an org (the first one creates the wallet).</p>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {topUp.data ? (
        <p role="status" className="text-sm text-success">
          The wallet now holds {formatAmount(topUp.data.balance, topUp.data.currency)}.
        </p>
      ) : null}
      {topUp.isError ? <WriteError title="The wallet was not topped up" error={topUp.error} /> : null}
    </form>
  );
}
