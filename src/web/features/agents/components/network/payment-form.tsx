import { useState } from 'react';
import { agentnetOps, PaymentCreate, paymentMethods } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { formatAmount } from '../../network-view';
import { SpendConfirm, WriteError, type SpendAsk } from './bits';

type Values = { to_agent: string; amount: string; currency: string; payment_method: string; description: string };
export type PaymentDefaults = Partial<Values>;
const methods = paymentMethods.map((m) => ({ value: m, label: m.replace(/_/g, ' ') }));
const labels = { to_agent: 'Pay to (agent id)', amount: 'Amount', currency: 'Currency', description: 'What it pays for' };

/**
 * A payment from the acting agent: checked with the contract, then the amount is shown to
 * confirm before it is sent (the console records it in the spend ledger and checks the limit).
 */
export function PaymentForm({ actAs, defaults, onPaid }: { actAs: ActAs; defaults?: PaymentDefaults; onPaid?: () => void }) {
  const create = useOpWrite(agentnetOps['payments.create'], actAs, actAs ? [agentKeys.payments(actAs)] : []);
  const [ask, setAsk] = useState<{ spend: SpendAsk; body: unknown } | null>(null);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: PaymentCreate,
    defaultValues: { to_agent: '', amount: '', currency: 'credits', payment_method: 'platform_credits', description: '', ...defaults } as Values,
    toBody: (v: Values) => ({
      from_agent: actAs ?? '',
      to_agent: v.to_agent.trim(),
      amount: v.amount.trim(),
      currency: v.currency.trim(),
      payment_method: v.payment_method,
      ...(v.description.trim() ? { description: v.description.trim() } : {}),
    }),
    labels,
    onEdit: () => {
      setAsk(null);
      if (!create.isPending) create.reset();
    },
    onValid: (body, v) => setAsk({ spend: { amount: Number(v.amount), currency: v.currency.trim(), what: `a payment to ${v.to_agent.trim()}` }, body }),
  });
  const paid = create.data;
  return (
    <form {...formProps} aria-label="Send a payment" className="flex flex-col gap-3">
      <fieldset disabled={!actAs} className="flex min-w-0 flex-col gap-3">
        <form.AppField name="to_agent">{(f) => <f.TextField label="Pay to (agent id)" max={120} />}</form.AppField>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <form.AppField name="amount">{(f) => <f.TextField label="Amount" inputMode="decimal" max={20} />}</form.AppField>
          <form.AppField name="currency">{(f) => <f.TextField label="Currency" max={16} />}</form.AppField>
        </div>
        <form.AppField name="payment_method">{(f) => <f.SelectField label="Method" options={methods} />}</form.AppField>
        <form.AppField name="description">{(f) => <f.TextField label="What it pays for" max={2000} />}</form.AppField>
      </fieldset>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {ask ? (
        <SpendConfirm
          ask={ask.spend}
          pending={create.isPending}
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            create.mutate(
              { body: ask.body },
              {
                onSuccess: () => {
                  form.reset();
                  onPaid?.();
                },
                onError: showServerErrors,
              },
            );
            setAsk(null);
          }}
        />
      ) : null}
      {create.isError ? (
        <WriteError
          title="The payment was not created"
          error={create.error}
          extra={/from_agent/i.test(create.error.message) ? 'from_agent_mismatch: a payment is always sent from the agent the console acts as; act as the payer.' : null}
        />
      ) : null}
      {paid ? (
        <Alert tone="success" title={`Payment of ${formatAmount(paid.amount, paid.currency)} to ${paid.to ?? 'the agent'} created.`}>
          Status {paid.status.replace(/_/g, ' ')}: confirm it with the transaction hash in the list below.
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={!actAs || create.isPending || !!ask}>
          {create.isPending ? 'Sending…' : 'Review payment'}
        </Button>
      </div>
    </form>
  );
}
