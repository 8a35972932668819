import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { LiveEvent } from '../../../../../contracts/bff';
import { eventTypes, type ReceivedDelivery, type Verdict } from '../../../../../contracts/social';
import { Alert } from '../../../../components/ui/alert';
import { Badge, type Tone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Field, Select } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/format-extra';
import { useLiveEvent } from '../../../../lib/live';
import { replayEvent, wfKeys, wfQueries } from '../../api/workflows';
import { eventSummary } from '../../workflows';
import { monitorName } from './monitor-list';
import { Paged } from './paged';

export type EventFilter = { monitor?: string | undefined; type?: string | undefined };

const verdictTone: Record<Verdict, Tone> = { verified: 'success', legacy: 'warning', refused: 'danger', replayed: 'info' };

/** The service's event log, by monitor and type, paged as the service pages it; each event can be replayed to the console. */
export function EventLog({ filter, onFilter }: { filter: EventFilter; onFilter: (f: EventFilter) => void }) {
  const monitors = useQuery(wfQueries.monitors());
  const monitor = monitors.data?.find((m) => m.id === filter.monitor);
  const query = useInfiniteQuery(wfQueries.events({ monitorId: filter.monitor, eventType: filter.type, keyword: monitor?.kind === 'keyword' }));
  const events = useMemo(() => query.data?.pages.flatMap((p) => p.events) ?? [], [query.data]);
  const replay = useMutation({ mutationFn: replayEvent, meta: { invalidates: [wfKeys.received()] } });
  return (
    <div className="flex flex-col">
      <div className="grid grid-cols-1 gap-3 border-b border-border p-3 sm:grid-cols-2">
        <Field label="Monitor">
          {({ id }) => (
            <Select id={id} value={filter.monitor ?? ''} onChange={(e) => onFilter({ ...filter, monitor: e.target.value || undefined })}>
              <option value="">Every monitor</option>
              {(monitors.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {monitorName(m)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Event type">
          {({ id }) => (
            <Select id={id} value={filter.type ?? ''} onChange={(e) => onFilter({ ...filter, type: e.target.value || undefined })}>
              <option value="">Every type</option>
              {eventTypes.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {replay.isError ? <Alert title="The event was not replayed">{errorMessage(replay.error)}</Alert> : null}
      {replay.isSuccess ? <Alert tone="success" title="Replayed">The event was read again from the log and sent to every open tab (marked replayed).</Alert> : null}
      <Paged query={query} items={events} noun="events" empty="No event yet: monitors record posts, replies and mentions as they happen.">
        {(items) => (
          <ul aria-label="Events" className="divide-y divide-border">
            {items.map((e) => (
              <li key={e.id} className="flex flex-col gap-1 px-3 py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="info">{e.type}</Badge>
                  <span className="text-xs text-muted">{e.username ? `@${e.username}` : e.query ? `“${e.query}”` : ''}</span>
                  <span className="text-xs text-muted">{e.occurredAt ? formatDateTime(e.occurredAt) : ''}</span>
                </div>
                <p className="break-words text-sm">{eventSummary({ data: e.data })}</p>
                <div>
                  <Button size="sm" disabled={replay.isPending} onClick={() => replay.mutate(e.id)}>
                    Replay to the console
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Paged>
    </div>
  );
}

type ReceivedPage = { deliveries: ReceivedDelivery[]; hasMore: boolean; nextCursor: string | null };

/**
 * Deliveries the console's own receiver got, newest first, each marked verified, legacy, refused
 * or replayed (with the reason); new ones appear as they arrive on any tab.
 */
export function LiveFeed() {
  const qc = useQueryClient();
  const query = useInfiniteQuery(wfQueries.received());
  const handler = useCallback(
    (e: LiveEvent) => {
      if (e.type !== 'social.delivery') return;
      qc.setQueryData<InfiniteData<ReceivedPage, string | null>>(wfQueries.received().queryKey, (old) => {
        if (!old?.pages.length) return old;
        if (old.pages.some((p) => p.deliveries.some((d) => d.id === e.delivery.id))) return old;
        const [first, ...rest] = old.pages as [ReceivedPage, ...ReceivedPage[]];
        return { ...old, pages: [{ ...first, deliveries: [e.delivery, ...first.deliveries] }, ...rest] };
      });
    },
    [qc],
  );
  useLiveEvent(handler);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.deliveries) ?? [], [query.data]);
  return (
    <Paged query={query} items={items} noun="deliveries" empty="Nothing received yet: register a webhook to this console, and its deliveries appear here live.">
      {(list) => (
        <ul aria-label="Live feed" aria-live="polite" className="divide-y divide-border">
          {list.map((d) => (
            <li key={d.id} className="flex flex-col gap-1 px-3 py-2">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={verdictTone[d.verdict]}>{d.verdict}</Badge>
                <span className="font-mono text-xs">{d.eventType ?? 'unknown type'}</span>
                <span className="text-xs text-muted">{formatDateTime(d.receivedAt)}</span>
              </div>
              <p className="break-words text-sm">{eventSummary(d.body)}</p>
              {d.reason ? <p className="text-xs text-muted">{d.reason}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Paged>
  );
}
