import { useState } from 'react';
import { agentnetOps, PAY_AGAIN_REASON_MAX, PaymentCreate, paymentMethods } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { formatAmount } from '../../network-view';
import { SpendConfirm, WriteError, type SpendAsk } from './bits';

type Values = { to_agent: string; amount: string; currency: string; payment_method: string; description: string; reason: string };
export type PaymentDefaults = Partial<Omit<Values, 'reason'>>;
/** The pool task a payment rewards (named in its metadata); `again`: the task is paid already, and the form asks why. */
export type PaymentFor = { taskId: string; again: boolean };
const methods = paymentMethods.map((m) => ({ value: m, label: m.replace(/_/g, ' ') }));
const labels = { to_agent: 'Pay to (agent id)', amount: 'Amount', currency: 'Currency', description: 'What it pays for', reason: 'Why pay again' };

/**
 * A payment from the acting agent: checked with the contract, then the amount is shown to
 * confirm before it is sent (the console records it in the spend ledger and checks the limit).
 * For a pool task (`forTask`), the payment names the task, and paying it again needs a reason.
 */
export function PaymentForm({ actAs, defaults, forTask, onPaid }: { actAs: ActAs; defaults?: PaymentDefaults; forTask?: PaymentFor; onPaid?: () => void }) {
  const create = useOpWrite(agentnetOps['payments.create'], actAs, [...(actAs ? [agentKeys.payments(actAs)] : []), ...(forTask ? [agentKeys.task(forTask.taskId)] : [])]);
  const [ask, setAsk] = useState<{ spend: SpendAsk; body: unknown } | null>(null);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: PaymentCreate,
    defaultValues: { to_agent: '', amount: '', currency: 'credits', payment_method: 'platform_credits', description: '', reason: '', ...defaults } as Values,
    toBody: (v: Values) => ({
      from_agent: actAs ?? '',
      to_agent: v.to_agent.trim(),
      amount: v.amount.trim(),
      currency: v.currency.trim(),
      payment_method: v.payment_method,
      ...(v.description.trim() ? { description: v.description.trim() } : {}),
      ...(forTask ? { metadata: { pool_task_id: forTask.taskId, ...(forTask.again ? { pay_again_reason: v.reason } : {}) } } : {}),
    }),
    // The reason travels in the payment's metadata.
    rename: { metadata: 'reason' },
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
        {forTask?.again ? <form.AppField name="reason">{(f) => <f.TextAreaField label="Why pay again" max={PAY_AGAIN_REASON_MAX} hint="Required: the task is paid already. Kept with the payment." />}</form.AppField> : null}
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
                // Paid meanwhile (another tab, another operator)? The task's page shows by what: its
                // reads are refreshed after a failed write too (the rule after every write).
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
      {paid && !forTask ? (
        <Alert tone="success" title={`Payment of ${formatAmount(paid.amount, paid.currency)} to ${paid.to ?? 'the agent'} created.`}>
          Status {paid.status.replace(/_/g, ' ')}: confirm it with the transaction hash in the list of payments.
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant="primary" disabled={!actAs || create.isPending || !!ask}>
          {create.isPending ? 'Sending…' : 'Review payment'}
        </RoleButton>
      </div>
    </form>
  );
}
