import { useQuery } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { DeliveryPatch, type Agent } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { errorMessage } from '../../../../lib/api';
import type { useAgentSettings } from '../../api/mutations';
import { agentQueries } from '../../api/queries';
import { deliveryInfo, deliveryLabel } from '../../view';
import { ProbeResult } from '../probe-result';

type Values = { delivery: 'relay' | 'direct'; endpoint: string };
const choices = [
  { value: 'relay', label: 'Relay (outbound WebSocket, no public URL)' },
  { value: 'direct', label: 'Direct to an A2A endpoint' },
] as const;

/** Relay, or direct to an endpoint (probed). Applies to push policies (open, allowlist). */
export function DeliveryForm({ agent, delivery }: { agent: Agent; delivery: ReturnType<typeof useAgentSettings>['delivery'] }) {
  const current = useQuery(agentQueries.delivery(agent.id, agent.id));
  const { form, formProps, showServerErrors } = useContractForm({
    schema: DeliveryPatch,
    defaultValues: { delivery: agent.delivery === 'relay' ? 'relay' : 'direct', endpoint: agent.endpoint ?? '' } as Values,
    toBody: (v) => (v.delivery === 'relay' ? { delivery: 'relay' } : { delivery: 'direct', endpoint: v.endpoint.trim() }),
    labels: { delivery: 'Delivery', endpoint: 'Endpoint' },
    onEdit: () => {
      if (!delivery.isPending) delivery.reset();
    },
    onValid: (body) => delivery.mutate(body, { onError: showServerErrors }),
  });
  const choice = useStore(form.store, (s) => s.values.delivery);
  const now = current.data?.delivery ?? agent.delivery ?? 'none';
  return (
    <form {...formProps} aria-label="Delivery" className="flex flex-col gap-3">
      <p className="text-sm">
        Now: <span className="font-medium">{deliveryLabel(now)}</span>
        <span className="text-muted"> — {deliveryInfo[now]?.hint}</span>
      </p>
      {current.data && !current.data.pushPolicy ? <p className="text-sm text-muted">Delivery applies to push policies: switch the reception mode to open or allowlist first.</p> : null}
      {current.isError ? <p className="text-sm text-danger">{errorMessage(current.error)}</p> : null}
      <form.AppField name="delivery">{(f) => <f.ChoiceField legend="Deliver pushed messages" options={choices} />}</form.AppField>
      {choice === 'direct' ? (
        <form.AppField name="endpoint">{(f) => <f.TextField label="Direct endpoint URL" type="url" placeholder="https://agent.example.com/a2a" />}</form.AppField>
      ) : null}
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {delivery.isError ? <Alert title="Delivery was not changed">{errorMessage(delivery.error)}</Alert> : null}
      {delivery.isSuccess ? (
        delivery.data.delivery === 'relay' || !delivery.data.endpoint ? (
          <Alert tone="success" title={`Delivery is now ${deliveryLabel(delivery.data.delivery)}.`} />
        ) : (
          <ProbeResult answer={delivery.data} what="Direct delivery" />
        )
      ) : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant="primary" disabled={delivery.isPending}>
          {delivery.isPending ? 'Saving…' : 'Save delivery'}
        </RoleButton>
      </div>
    </form>
  );
}
