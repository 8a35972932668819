import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DeliveryPatch, type Agent } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field, Input } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/api';
import type { useAgentSettings } from '../../api/mutations';
import { agentQueries } from '../../api/queries';
import { deliveryInfo, deliveryLabel, issuesByField } from '../../view';
import { ProbeResult } from '../probe-result';

/** Relay, or direct to an endpoint (probed). Applies to push policies (open, allowlist). */
export function DeliveryForm({ agent, delivery }: { agent: Agent; delivery: ReturnType<typeof useAgentSettings>['delivery'] }) {
  const name = useId();
  const current = useQuery(agentQueries.delivery(agent.id, agent.id));
  const [choice, setChoice] = useState<'relay' | 'direct'>(agent.delivery === 'relay' ? 'relay' : 'direct');
  const [url, setUrl] = useState(agent.endpoint ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = DeliveryPatch.safeParse(choice === 'relay' ? { delivery: 'relay' } : { delivery: 'direct', endpoint: url.trim() });
    if (!parsed.success) return setError(issuesByField(parsed.error.issues).endpoint ?? 'Give the endpoint URL for direct delivery.');
    setError(null);
    delivery.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Delivery" className="flex flex-col gap-3">
      <p className="text-sm">
        Now: <span className="font-medium">{deliveryLabel(current.data?.delivery ?? agent.delivery)}</span>
        <span className="text-muted"> — {deliveryInfo[current.data?.delivery ?? agent.delivery ?? 'none']?.hint}</span>
      </p>
      {current.data && !current.data.pushPolicy ? (
        <p className="text-sm text-muted">Delivery applies to push policies: switch the reception mode to open or allowlist first.</p>
      ) : null}
      {current.isError ? <p className="text-sm text-danger">{errorMessage(current.error)}</p> : null}
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium">Deliver pushed messages</legend>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name={name} value="relay" checked={choice === 'relay'} onChange={() => setChoice('relay')} className="size-4 accent-(--color-accent)" />
          Relay (outbound WebSocket, no public URL)
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name={name} value="direct" checked={choice === 'direct'} onChange={() => setChoice('direct')} className="size-4 accent-(--color-accent)" />
          Direct to an A2A endpoint
        </label>
      </fieldset>
      {choice === 'direct' ? (
        <Field label="Direct endpoint URL" error={error}>
          {({ id, describedBy, invalid }) => (
            <Input id={id} type="url" aria-describedby={describedBy} aria-invalid={invalid} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://agent.example.com/a2a" />
          )}
        </Field>
      ) : null}
      {delivery.isError ? <Alert title="Delivery was not changed">{errorMessage(delivery.error)}</Alert> : null}
      {delivery.isSuccess ? (
        delivery.data.delivery === 'relay' || !delivery.data.endpoint ? (
          <Alert tone="success" title={`Delivery is now ${deliveryLabel(delivery.data.delivery)}.`} />
        ) : (
          <ProbeResult answer={delivery.data} what="Direct delivery" />
        )
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={delivery.isPending}>
          {delivery.isPending ? 'Saving…' : 'Save delivery'}
        </Button>
      </div>
    </form>
  );
}
