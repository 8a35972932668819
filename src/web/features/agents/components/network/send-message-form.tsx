import { useState } from 'react';
import { agentnetOps, SendMessage } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { SpendConfirm, WriteError, type SpendAsk } from './bits';

type Values = { to_agent: string; text: string; priority: 'low' | 'normal' | 'high' | 'urgent'; fee: string };
const empty: Values = { to_agent: '', text: '', priority: 'normal', fee: '' };
const priorities = (['low', 'normal', 'high', 'urgent'] as const).map((p) => ({ value: p, label: p }));

/** A direct text message from the acting agent; an attention fee (credits) is confirmed first and held until the recipient acknowledges. */
export function SendMessageForm({ actAs }: { actAs: ActAs }) {
  const send = useOpWrite(agentnetOps['messages.send'], actAs, actAs ? [agentKeys.inbox(actAs)] : []);
  const [ask, setAsk] = useState<{ spend: SpendAsk; body: unknown } | null>(null);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: SendMessage,
    defaultValues: empty,
    rename: { message: 'text', target_agent: 'to_agent', attention_fee: 'fee' },
    labels: { to_agent: 'To (agent id)', text: 'Message', fee: 'Attention fee' },
    toBody: (v: Values) => ({
      target_agent: v.to_agent.trim(),
      message: v.text,
      priority: v.priority,
      ...(v.fee.trim() ? { attention_fee: { amount: Number(v.fee), currency: 'credits' } } : {}),
    }),
    onEdit: () => {
      setAsk(null);
      if (!send.isPending) send.reset();
    },
    onValid: (body, v) => {
      if (v.fee.trim()) setAsk({ spend: { amount: Number(v.fee), currency: 'credits', what: `the attention fee of a message to ${v.to_agent.trim()}, held until it is acknowledged (refunded if deleted)` }, body });
      else go(body);
    },
  });
  const go = (body: unknown) => send.mutate({ body }, { onSuccess: () => form.reset(), onError: showServerErrors });
  const r = send.data;
  return (
    <form {...formProps} aria-label="Send a message" className="flex flex-col gap-3">
      <fieldset disabled={!actAs} className="flex min-w-0 flex-col gap-3">
        <form.AppField name="to_agent">{(f) => <f.TextField label="To (agent id)" max={120} />}</form.AppField>
        <form.AppField name="text">{(f) => <f.TextAreaField label="Message" rows={3} max={20_000} />}</form.AppField>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <form.AppField name="priority">{(f) => <f.SelectField label="Priority" options={priorities} />}</form.AppField>
          <form.AppField name="fee">{(f) => <f.TextField label="Attention fee" hint="Credits, 1 to 1000; empty for none." inputMode="numeric" max={4} />}</form.AppField>
        </div>
      </fieldset>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {ask ? (
        <SpendConfirm
          ask={ask.spend}
          pending={send.isPending}
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            go(ask.body);
            setAsk(null);
          }}
        />
      ) : null}
      {send.isError ? <WriteError title="The message was not sent" error={send.error} /> : null}
      {r ? (
        r.failed ? (
          <Alert tone="warning" title={`The message was ${r.status}.`}>
            {r.error ?? 'The recipient did not take it.'}
          </Alert>
        ) : (
          <Alert tone="success" title={`Message ${r.status}.`}>
            {r.deliveryMode === 'manifest' || r.status === 'notified'
              ? 'The recipient takes notify-only entries: it is in its manifest queue.'
              : `It is in its inbox${r.deliveryMode && r.deliveryMode !== 'inbox' ? ` (pushed by ${r.deliveryMode})` : ''}${r.routeId ? ` · route ${r.routeId}` : ''}.`}
          </Alert>
        )
      ) : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant="primary" disabled={!actAs || send.isPending || !!ask}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </RoleButton>
      </div>
    </form>
  );
}
