import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as socialRoutes from '../../../../../contracts/bff-routes/social';
import { socialOps, type Delivery, type Webhook } from '../../../../../contracts/social';
import { BarChart } from '../../../../components/charts/bar-chart';
import { Alert } from '../../../../components/ui/alert';
import { Badge, type Tone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { ConfirmButton } from '../../../../components/ui/confirm-button';
import { ListEmpty, ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { errorMessage } from '../../../../lib/api';
import { formatInt } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-extra';
import { bffPrefix } from '../../../../lib/bff-prefix';
import { callOperation } from '../../../../lib/operation';
import { replayEvent, wfKeys, wfQueries } from '../../api/workflows';
import { WebhookEdit } from './webhook-edit';
import { countOf } from '../../../../lib/plural';

const toConsole = (h: Webhook) => h.url.includes(bffPrefix(socialRoutes.receiver));
const hookTone: Record<Webhook['deliveryStatus'], Tone> = { active: 'success', paused: 'warning', needs_attention: 'danger' };
const deliveryTone: Record<string, Tone> = { delivered: 'success', pending: 'info', failed: 'danger', exhausted: 'warning' };

/** Webhooks: destination, event types, on or off, delivery state; change, test, resume after a pause, delete, and each one's delivery log. */
export function WebhookList() {
  const query = useQuery(wfQueries.webhooks());
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const done = { invalidates: [wfKeys.webhooks()] };
  const test = useMutation({ mutationFn: (h: Webhook) => callOperation(socialOps['webhooks.test'], { params: { id: h.id } }), meta: done });
  const resume = useMutation({ mutationFn: (h: Webhook) => callOperation(socialOps['webhooks.resume'], { params: { id: h.id } }), meta: done });
  const remove = useMutation({ mutationFn: (h: Webhook) => callOperation(socialOps['webhooks.delete'], { params: { id: h.id } }), meta: done });
  if (query.isPending) return <ListLoading label="Loading webhooks" />;
  if (query.isError) return <ListFailed title="The webhooks could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.length) return <ListEmpty>No webhook yet: register one above.</ListEmpty>;
  const error = resume.error ?? remove.error ?? test.error;
  return (
    <>
      {error ? <Alert title="That did not work">{errorMessage(error)}</Alert> : null}
      <ul aria-label="Webhooks" className="divide-y divide-border">
        {query.data.map((h) => (
          <li key={h.id} className="flex flex-col gap-1.5 px-3 py-2.5">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={hookTone[h.deliveryStatus]}>{h.deliveryStatus.replace('_', ' ')}</Badge>
              {h.active ? null : <Badge tone="neutral">off</Badge>}
              <span className="min-w-0 break-all font-medium">{toConsole(h) ? 'This console' : h.url}</span>
              {h.consecutiveFailures ? <span className="text-xs text-muted">{countOf(h.consecutiveFailures, 'failure in a row', 'failures in a row')}</span> : null}
            </div>
            {toConsole(h) ? <p className="break-all font-mono text-xs text-muted">{h.url}</p> : null}
            <p className="break-words font-mono text-xs text-muted">{h.eventTypes.join(', ')}</p>
            {test.variables?.id === h.id && test.isSuccess ? (
              <p className="text-sm" role="status">
                Test delivery: {test.data.success ? `delivered (${test.data.statusCode ?? 'no status'})` : `failed: ${test.data.error ?? `status ${test.data.statusCode ?? 'none'}`}`}
              </p>
            ) : null}
            {saved === h.id ? (
              <p className="text-sm" role="status">
                Webhook saved.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                aria-expanded={editing === h.id}
                onClick={() => {
                  setSaved(null);
                  setEditing((e) => (e === h.id ? null : h.id));
                }}
              >
                Edit
              </Button>
              <Button size="sm" disabled={test.isPending} onClick={() => test.mutate(h)}>
                {test.isPending && test.variables?.id === h.id ? 'Sending…' : 'Send a test'}
              </Button>
              {h.deliveryStatus !== 'active' ? (
                <Button size="sm" disabled={resume.isPending} onClick={() => resume.mutate(h)}>
                  Resume deliveries
                </Button>
              ) : null}
              <Button size="sm" aria-expanded={open === h.id} onClick={() => setOpen((o) => (o === h.id ? null : h.id))}>
                {open === h.id ? 'Hide deliveries' : 'Deliveries'}
              </Button>
              <ConfirmButton label="Delete" question="Delete this webhook? Deliveries stop at once." confirmLabel="Delete webhook" onConfirm={() => remove.mutate(h)} />
            </div>
            {editing === h.id ? (
              <WebhookEdit
                hook={h}
                toConsole={toConsole(h)}
                onDone={(ok) => {
                  setEditing(null);
                  setSaved(ok ? h.id : null);
                }}
              />
            ) : null}
            {open === h.id ? <DeliveryLog hook={h} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function DeliveryLog({ hook }: { hook: Webhook }) {
  const query = useQuery(wfQueries.deliveries(hook.id));
  const redeliver = useMutation({ mutationFn: (d: Delivery) => replayEvent(d.eventId ?? ''), meta: { invalidates: [wfKeys.received()] } });
  if (query.isPending) return <ListLoading label="Loading deliveries" />;
  if (query.isError) return <ListFailed title="The deliveries could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data;
  if (!list.length) return <ListEmpty>No delivery yet: send a test, or wait for a monitor’s event.</ListEmpty>;
  const counts = new Map<string, number>();
  for (const d of list) counts.set(d.status, (counts.get(d.status) ?? 0) + 1);
  const canRedeliver = toConsole(hook);
  return (
    <section aria-label="Delivery log" className="flex flex-col gap-2 rounded border border-border p-2">
      <BarChart label="Deliveries by status" unit="deliveries" height={120} bars={[...counts].map(([k, v]) => ({ key: k, label: k, value: v }))} />
      {!canRedeliver ? <p className="text-xs text-muted">Redelivery is offered for the console’s own webhooks: the service’s API has no redeliver operation, so the console re-reads the event from its log.</p> : null}
      {redeliver.isError ? <Alert title="Not redelivered">{errorMessage(redeliver.error)}</Alert> : null}
      {redeliver.isSuccess ? <Alert tone="success" title="Redelivered">The event was read again from the service’s log and pushed to every open tab, marked replayed.</Alert> : null}
      <ol aria-label="Deliveries" className="divide-y divide-border">
        {list.map((d) => (
          <li key={d.id} className="flex flex-col gap-1 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={deliveryTone[d.status] ?? 'neutral'}>{d.status}</Badge>
              <span className="font-mono text-xs">{d.eventType ?? 'event'}</span>
              <span className="text-xs text-muted">{d.createdAt ? formatDateTime(d.createdAt) : ''}</span>
            </div>
            <p className="text-xs text-muted">
              {countOf(d.attempts, 'attempt')} · last status {d.lastStatusCode ?? 'none'}
              {d.lastError ? ` · ${d.lastError}` : ''}
              {d.nextAttemptAt ? ` · next try ${formatDateTime(d.nextAttemptAt)}` : ''}
            </p>
            {d.log.length > 1 ? (
              <details>
                <summary className="cursor-pointer text-xs text-accent">Every attempt</summary>
                <ol className="ml-4 list-decimal text-xs text-muted">
                  {d.log.map((a, i) => (
                    <li key={i}>
                      {a.at ? formatDateTime(a.at) : ''} · {a.statusCode ?? 'no answer'}
                      {a.error ? ` · ${a.error}` : ''}
                      {a.durationMs !== null ? ` · ${formatInt(a.durationMs)} ms` : ''}
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
            {canRedeliver && d.eventId && d.eventType !== 'webhook.test' ? (
              <div>
                <Button size="sm" disabled={redeliver.isPending} onClick={() => redeliver.mutate(d)}>
                  Redeliver
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
