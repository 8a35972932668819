import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { agentnetOps, hookEvents, type HookDelivery } from '../../../../../contracts/agentnet';
import type { LiveEvent } from '../../../../../contracts/bff';
import * as agentnetRoutes from '../../../../../contracts/bff-routes/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { Field, Select } from '../../../../components/ui/field';
import { ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { bff } from '../../../../lib/bff';
import { formatDateTime } from '../../../../lib/format-extra';
import { invalidateAfterEvent, useLiveEvent } from '../../../../lib/live';
import { netQueries, useOpWrite } from '../../api/network';
import { agentQueries } from '../../api/queries';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { prettyBody } from '../../network-view';
import { MoreButton, WriteError } from './bits';
import { countOf } from '../../../../lib/plural';

/**
 * The console's receivers for subnet events and a subnet's harness: create a receiver (its secret
 * is shown once), then set its URL and secret as the harness of a subnet the acting agent owns.
 */
export function HookSetup({ actAs }: { actAs: ActAs }) {
  const hooks = useQuery(netQueries.hooks());
  const subnets = useQuery({ ...agentQueries.subnetList('mine', actAs), enabled: !!actAs });
  const owned = (subnets.data ?? []).filter((s) => s.owner === actAs);
  const [subnet, setSubnet] = useState('');
  const create = useMutation({
    mutationFn: () => bff(agentnetRoutes.createHook, { body: { label: 'Subnet events' } }),
    retry: false,
    meta: { invalidates: [agentKeys.hooks()] },
  });
  const harness = useOpWrite(agentnetOps['subnets.harness'], actAs, [agentKeys.subnets()]);
  const chosen = subnet || owned[0]?.id || '';
  const current = owned.find((s) => s.id === chosen);
  return (
    <Panel title="Receivers and harness" bodyClassName="flex flex-col gap-3">
      <p className="text-sm text-muted">The console verifies X-ACN-Signature or X-AGENTNET-Signature (HMAC-SHA256 of the raw body) and logs every delivery, verified or refused.</p>
      <ul aria-label="Receivers" className="flex flex-col gap-1 text-sm">
        {(hooks.data ?? []).map((h) => (
          <li key={h.hookId} className="break-all">
            <span className="font-medium">{h.label}</span> · {h.url} · secret …{h.secretHint} · {countOf(h.deliveries, 'delivery')}
          </li>
        ))}
        {hooks.data?.length === 0 ? <li className="text-muted">No receiver yet.</li> : null}
      </ul>
      <Button className="self-start" disabled={create.isPending} onClick={() => create.mutate()}>
        {create.isPending ? 'Creating…' : 'New receiver'}
      </Button>
      {create.data ? (
        <Alert tone="info" title="Receiver created. Its secret is shown once.">
          <span className="block break-all font-mono text-xs">URL {create.data.url}</span>
          <span className="block break-all font-mono text-xs">Secret {create.data.secret}</span>
        </Alert>
      ) : null}
      {create.isError ? <WriteError title="No receiver was created" error={create.error} /> : null}
      {!actAs ? (
        <p className="text-sm text-muted">Act as an agent that owns a subnet to set its harness.</p>
      ) : owned.length === 0 ? (
        <p className="text-sm text-muted">The acting agent owns no subnet: only a subnet&apos;s owner sets its harness.</p>
      ) : (
        <div className="flex flex-col gap-2">
          <Field label="Subnet">
            {({ id }) => (
              <Select id={id} value={chosen} onChange={(e) => setSubnet(e.target.value)}>
                {owned.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.id})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <p className="break-all text-xs text-muted">Harness now: {current?.harnessUrl ?? 'none'}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              disabled={!create.data || harness.isPending}
              title={create.data ? undefined : 'Create a receiver first: its secret is needed.'}
              onClick={() => create.data && harness.mutate({ params: { sid: chosen }, body: { harness_url: create.data.url, harness_secret: create.data.secret } })}
            >
              Send this subnet&apos;s events to the new receiver
            </Button>
            <Button disabled={!current?.harnessUrl || harness.isPending} onClick={() => harness.mutate({ params: { sid: chosen }, body: { harness_url: null, harness_secret: null } })}>
              Clear the harness
            </Button>
          </div>
          {!create.data ? <p className="text-xs text-muted">Create a receiver first: the harness needs its URL and its secret, shown once.</p> : null}
          {harness.isSuccess ? <p role="status" className="text-sm text-success">Harness saved.</p> : null}
          {harness.isError ? <WriteError title="The harness was not changed" error={harness.error} /> : null}
        </div>
      )}
    </Panel>
  );
}

/** Every delivery the receivers got, newest first, 20 at a time, live; filter by event. */
export function HookLog() {
  const qc = useQueryClient();
  const [event, setEvent] = useState('');
  const q = useInfiniteQuery(netQueries.hookEvents(event));
  const onLive = useCallback(
    (e: LiveEvent) => {
      if (e.type === 'agentnet-hook') void invalidateAfterEvent(qc, { queryKey: agentKeys.hooks() });
    },
    [qc],
  );
  useLiveEvent(onLive);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Panel
      title="Event log"
      flush
      aside={
        <Select aria-label="Event" className="w-56" value={event} onChange={(e) => setEvent(e.target.value)}>
          <option value="">Every event</option>
          <option value="org.">org.*</option>
          <option value="task.">task.*</option>
          {hookEvents.map((ev) => (
            <option key={ev} value={ev}>
              {ev}
            </option>
          ))}
        </Select>
      }
    >
      {q.isPending ? (
        <ListLoading label="Loading deliveries" />
      ) : q.isError ? (
        <ListFailed title="The log could not be loaded" error={q.error} onRetry={() => void q.refetch()} />
      ) : items.length === 0 ? (
        <p className="p-4 text-sm text-muted">No deliveries{event ? ` of ${event}` : ''} yet.</p>
      ) : (
        <ul aria-label="Deliveries" className="divide-y divide-border">
          {items.map((d) => (
            <li key={d.id}>
              <DeliveryRow d={d} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-center p-3">
        <MoreButton hasNext={!!q.hasNextPage} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} noun="deliveries" />
      </div>
    </Panel>
  );
}

function DeliveryRow({ d }: { d: HookDelivery }) {
  return (
    <article aria-label={`${d.event ?? 'unknown event'} delivery`} className="flex flex-col gap-1 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-sm">{d.event ?? 'unknown event'}</span>
        <Badge tone={d.verified ? 'success' : 'danger'}>{d.verified ? `verified (${d.signatureHeader ?? 'signature'})` : 'refused'}</Badge>
      </div>
      <span className="break-all text-xs text-muted">
        {formatDateTime(d.receivedAt)} {d.subnetId ? `· subnet ${d.subnetId}` : ''} {d.orgId ? `· org ${d.orgId}` : ''} {d.taskId && d.taskId !== d.orgId ? `· ${d.taskId}` : ''}
        {d.refusal ? ` · ${d.refusal}` : ''}
      </span>
      <details>
        <summary className="cursor-pointer text-xs">Data</summary>
        <pre className="mt-1 max-h-60 overflow-auto rounded bg-surface-2 p-2 text-xs whitespace-pre-wrap break-all" tabIndex={0}>
          {prettyBody(d.data ?? d.body)}
        </pre>
      </details>
    </article>
  );
}
