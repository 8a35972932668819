import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentnetOps, type InboxMessage } from '../../../../../contracts/agentnet';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { Select } from '../../../../components/ui/field';
import { ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { formatDateTime } from '../../../../lib/format';
import { useNow } from '../../../../lib/use-now';
import { netQueries, useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import { formatAmount, secondsLeft } from '../../network-view';
import { MoreButton, WriteError } from './bits';

const statuses = ['all', 'unread', 'read', 'processed'] as const;

/** The acting agent's inbox, 20 at a time: mark read or processed, acknowledge. */
export function Inbox({ agentId }: { agentId: string }) {
  const [status, setStatus] = useState<(typeof statuses)[number]>('all');
  const q = useInfiniteQuery({ ...netQueries.inbox(agentId, status), refetchInterval: 10_000 });
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Panel
      title="Inbox"
      flush
      aside={
        <Select aria-label="Show" className="w-36" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? 'All' : s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </Select>
      }
    >
      {q.isPending ? (
        <ListLoading label="Loading the inbox" />
      ) : q.isError ? (
        <ListFailed title="The inbox could not be loaded" error={q.error} onRetry={() => void q.refetch()} />
      ) : items.length === 0 ? (
        <p className="p-4 text-sm text-muted">No messages{status !== 'all' ? ` marked ${status}` : ''}.</p>
      ) : (
        <ul aria-label="Inbox messages" className="divide-y divide-border">
          {items.map((m) => (
            <li key={m.routeId}>
              <InboxRow message={m} agentId={agentId} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-center p-3">
        <MoreButton hasNext={!!q.hasNextPage} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} noun="messages" />
      </div>
    </Panel>
  );
}

function InboxRow({ message: m, agentId }: { message: InboxMessage; agentId: string }) {
  const refresh = [agentKeys.inbox(agentId)];
  const mark = useOpWrite(agentnetOps['inbox.mark'], agentId, refresh);
  const ack = useOpWrite(agentnetOps['inbox.ack'], agentId, refresh);
  return (
    <article aria-label={`Message from ${m.from ?? 'unknown'}`} className="flex flex-col gap-1 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm font-medium" title={m.from ?? undefined}>
          From {m.from ?? 'unknown'}
        </span>
        <Badge tone={m.status === 'unread' ? 'accent' : 'neutral'}>{m.status}</Badge>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm">{m.text}</p>
      <span className="text-xs text-muted">
        {m.at ? formatDateTime(m.at) : ''} {m.deliveryMode ? `· ${m.deliveryMode}` : ''} {m.pushError ? `· push failed: ${m.pushError}` : ''}
      </span>
      <span className="flex flex-wrap gap-2">
        {m.status === 'unread' ? (
          <Button size="sm" disabled={mark.isPending} onClick={() => mark.mutate({ params: { id: agentId, route: m.routeId }, body: { status: 'read' } })}>
            Mark read
          </Button>
        ) : null}
        {m.status !== 'processed' ? (
          <Button size="sm" disabled={ack.isPending} onClick={() => ack.mutate({ params: { id: agentId }, body: { route_ids: [m.routeId] } })}>
            Acknowledge
          </Button>
        ) : null}
      </span>
      {mark.error ?? ack.error ? <WriteError title="Not changed" error={mark.error ?? ack.error} /> : null}
    </article>
  );
}

/** Notify-only entries waiting for the acting agent: pulling the content is free, acknowledging releases the fee to it, deleting refunds the sender. */
export function ManifestQueue({ agentId }: { agentId: string }) {
  const q = useQuery(netQueries.manifest(agentId));
  const refresh = [agentKeys.inbox(agentId)];
  const ack = useOpWrite(agentnetOps['manifest.ack'], agentId, refresh);
  const del = useOpWrite(agentnetOps['manifest.delete'], agentId, refresh);
  const entries = (q.data ?? []).filter((e) => !e.ackedAt);
  return (
    <Panel title="Manifest queue" flush>
      {q.isPending ? (
        <ListLoading label="Loading the manifest" />
      ) : entries.length === 0 ? (
        <p className="p-4 text-sm text-muted">No notifications waiting.</p>
      ) : (
        <ul aria-label="Notifications" className="divide-y divide-border">
          {entries.slice(0, 50).map((e) => (
            <li key={e.mid} className="flex flex-col gap-1 px-4 py-3">
              <span className="text-sm font-medium">{e.summary}</span>
              <span className="text-xs text-muted">
                From {e.senderId ?? 'unknown'} {e.fee ? `· attention fee ${formatAmount(Number(e.fee.amount), e.fee.currency)}` : ''}
              </span>
              <span className="flex gap-2">
                <Button size="sm" onClick={() => ack.mutate({ params: { id: agentId, mid: e.mid }, body: {} })}>
                  {e.fee ? `Acknowledge (receive ${formatAmount(Number(e.fee.amount), e.fee.currency)})` : 'Acknowledge'}
                </Button>
                <Button size="sm" onClick={() => del.mutate({ params: { id: agentId, mid: e.mid } })}>
                  {e.fee ? 'Delete (refund the sender)' : 'Delete'}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {ack.error ?? del.error ? <WriteError title="Not changed" error={ack.error ?? del.error} /> : null}
    </Panel>
  );
}

/** Sessions waiting on the acting agent, with the time left, to accept or reject. */
export function PendingSessions({ agentId }: { agentId: string }) {
  const q = useQuery({ ...netQueries.sessions(agentId), refetchInterval: 15_000 });
  const now = useNow();
  const refresh = [agentKeys.inbox(agentId)];
  const accept = useOpWrite(agentnetOps['sessions.accept'], agentId, refresh);
  const reject = useOpWrite(agentnetOps['sessions.reject'], agentId, refresh);
  const list = q.data ?? [];
  return (
    <Panel title="Pending sessions" flush>
      {list.length === 0 ? (
        <p className="p-4 text-sm text-muted">{q.isPending ? 'Loading…' : 'No session invitations.'}</p>
      ) : (
        <ul aria-label="Pending sessions" className="divide-y divide-border">
          {list.slice(0, 50).map((s) => {
            const left = s.secondsLeft ?? secondsLeft(s.expiresAt, now);
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span className="min-w-0 truncate text-sm">
                  {s.inviterId === agentId ? `To ${s.inviteeId}` : `From ${s.inviterId}`} · {left === null ? 'no expiry' : `${left} s left`}
                </span>
                {s.inviteeId === agentId ? (
                  <span className="flex gap-2">
                    <Button size="sm" onClick={() => accept.mutate({ params: { session: s.id }, body: {} })}>
                      Accept
                    </Button>
                    <Button size="sm" onClick={() => reject.mutate({ params: { session: s.id }, body: {} })}>
                      Reject
                    </Button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {accept.error ?? reject.error ? <WriteError title="Not changed" error={accept.error ?? reject.error} /> : null}
    </Panel>
  );
}
