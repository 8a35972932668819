import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentnetOps, type InboxMessage, type ManifestEntry, type Session } from '../../../../../contracts/agentnet';
import { isHttpUrl } from '../../../../../contracts/text-fields';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { RoleButton } from '../../../../components/ui/role-button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input, Select } from '../../../../components/ui/field';
import { ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { formatDateTime } from '../../../../lib/format-extra';
import { callOperation } from '../../../../lib/operation';
import { useNow } from '../../../../lib/use-now';
import { netQueries, useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import { formatAmount, secondsLeft } from '../../network-view';
import { AgentName } from '../agent-name';
import { MoreButton, PagedList, WriteError } from './bits';

const statuses = ['all', 'unread', 'read', 'processed'] as const;
/** The fallback poll of the inbox, for messages the console is not told about. */
const INBOX_FALLBACK_POLL_MS = 60_000;

/**
 * The acting agent's inbox, 20 at a time: mark read or processed, acknowledge. It is read again as
 * soon as the console server reports something arrived (useAgentsLive); the slow poll only
 * catches what reaches a live service from outside the console.
 */
export function Inbox({ agentId }: { agentId: string }) {
  const [status, setStatus] = useState<(typeof statuses)[number]>('all');
  const q = useInfiniteQuery({ ...netQueries.inbox(agentId, status), refetchInterval: INBOX_FALLBACK_POLL_MS });
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
        <span className="min-w-0 truncate text-sm font-medium">From {m.from ? <AgentName agentId={m.from} actAs={agentId} /> : 'unknown'}</span>
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
  const entries = (q.data ?? []).filter((e) => !e.ackedAt);
  return (
    <Panel title="Manifest queue" flush>
      {q.isPending ? (
        <ListLoading label="Loading the manifest" />
      ) : q.isError ? (
        <ListFailed title="The manifest queue could not be loaded" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <PagedList
          items={entries}
          label="Notifications"
          noun="notifications"
          empty="No notifications waiting."
          getKey={(e) => e.mid}
          render={(e) => <Notification entry={e} agentId={agentId} />}
        />
      )}
    </Panel>
  );
}

/** One notification: its summary, type and content link, its content pulled on demand, ack or delete. */
function Notification({ entry: e, agentId }: { entry: ManifestEntry; agentId: string }) {
  const refresh = [agentKeys.inbox(agentId)];
  const ack = useOpWrite(agentnetOps['manifest.ack'], agentId, refresh);
  const del = useOpWrite(agentnetOps['manifest.delete'], agentId, refresh);
  const pull = useMutation({ mutationFn: () => callOperation(agentnetOps['manifest.content'], { params: { mid: e.mid }, actAs: agentId }), retry: false });
  const fee = e.fee ? formatAmount(Number(e.fee.amount), e.fee.currency) : null;
  const link = e.contentUrl && isHttpUrl(e.contentUrl) ? e.contentUrl : null;
  return (
    <article aria-label={`Notification: ${e.summary}`} className="flex flex-col gap-1 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-words text-sm font-medium">{e.summary}</span>
        {e.type ? <Badge tone="neutral">{e.type}</Badge> : null}
      </div>
      <span className="text-xs text-muted">
        From {e.senderId ? <AgentName agentId={e.senderId} actAs={agentId} className="text-accent hover:underline" /> : 'unknown'}
        {e.at ? ` · ${formatDateTime(e.at)}` : ''}
        {e.contentSize ? ` · ${e.contentSize} characters of content` : ''}
        {fee ? ` · attention fee ${fee}` : ''}
      </span>
      {link ? (
        <a href={link} target="_blank" rel="noopener noreferrer" className="break-all text-sm text-accent underline">
          {link}
        </a>
      ) : e.contentUrl ? (
        <span className="break-all text-xs text-muted">Content at {e.contentUrl} (not a web link)</span>
      ) : null}
      {pull.data ? (
        pull.data.chunk !== null ? (
          <pre aria-label="Notification content" className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded bg-surface-2 p-2 text-xs">
            {pull.data.chunk}
            {pull.data.hasMore ? '\n…' : ''}
          </pre>
        ) : (
          <p className="text-xs text-muted">The sender hosts the content itself{pull.data.url ? ': follow the link above' : ''}.</p>
        )
      ) : null}
      <span className="flex flex-wrap gap-2">
        <Button size="sm" disabled={pull.isPending} onClick={() => pull.mutate()}>
          {pull.isPending ? 'Pulling…' : 'Pull content'}
        </Button>
        <Button size="sm" disabled={ack.isPending} onClick={() => ack.mutate({ params: { id: agentId, mid: e.mid }, body: {} })}>
          {fee ? `Acknowledge (receive ${fee})` : 'Acknowledge'}
        </Button>
        <Button size="sm" disabled={del.isPending} onClick={() => del.mutate({ params: { id: agentId, mid: e.mid } })}>
          {fee ? 'Delete (refund the sender)' : 'Delete'}
        </Button>
      </span>
      {pull.error ?? ack.error ?? del.error ? <WriteError title="Not done" error={pull.error ?? ack.error ?? del.error} /> : null}
    </article>
  );
}

/**
 * Sessions of the acting agent: invitations waiting (with the time left) to accept or reject, or
 * to withdraw for the inviter; sessions accepted here, to close; and any session closed by its id
 * (the service lists pending sessions only).
 */
export function PendingSessions({ agentId }: { agentId: string }) {
  const q = useQuery({ ...netQueries.sessions(agentId), refetchInterval: INBOX_FALLBACK_POLL_MS });
  const now = useNow();
  const refresh = [agentKeys.inbox(agentId)];
  const [open, setOpen] = useState<Session[]>([]);
  const [closeId, setCloseId] = useState('');
  const remember = (s: Session) => setOpen((list) => [s, ...list.filter((o) => o.id !== s.id)].slice(0, 20));
  const accept = useOpWrite(agentnetOps['sessions.accept'], agentId, refresh);
  const reject = useOpWrite(agentnetOps['sessions.reject'], agentId, refresh);
  const close = useOpWrite(agentnetOps['sessions.close'], agentId, refresh);
  const closeSession = (id: string) =>
    close.mutate({ params: { session: id } }, { onSuccess: () => setOpen((list) => list.filter((o) => o.id !== id)) });
  const list = q.data ?? [];
  const failed = accept.error ?? reject.error ?? close.error;
  return (
    <Panel title="Sessions" aria-label="Sessions" flush>
      {list.length === 0 ? (
        <p className="p-4 text-sm text-muted">{q.isPending ? 'Loading…' : 'No session invitations.'}</p>
      ) : (
        <ul aria-label="Pending sessions" className="divide-y divide-border">
          {list.slice(0, 50).map((s) => {
            const left = s.secondsLeft ?? secondsLeft(s.expiresAt, now);
            const other = s.inviterId === agentId ? s.inviteeId : s.inviterId;
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span className="min-w-0 truncate text-sm">
                  {s.inviterId === agentId ? 'To ' : 'From '}
                  {other ? <AgentName agentId={other} actAs={agentId} /> : 'unknown'} · {left === null ? 'no expiry' : `${left} s left`}
                </span>
                <span className="flex gap-2">
                  {s.inviteeId === agentId ? (
                    <>
                      <Button size="sm" disabled={accept.isPending} onClick={() => accept.mutate({ params: { session: s.id }, body: {} }, { onSuccess: (done) => remember({ ...s, ...done }) })}>
                        Accept
                      </Button>
                      <Button size="sm" disabled={reject.isPending} onClick={() => reject.mutate({ params: { session: s.id }, body: {} })}>
                        Reject
                      </Button>
                    </>
                  ) : (
                    <Button size="sm" disabled={close.isPending} onClick={() => closeSession(s.id)}>
                      Withdraw
                    </Button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {open.length > 0 ? (
        <ul aria-label="Open sessions" className="divide-y divide-border border-t border-border">
          {open.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="min-w-0 truncate text-sm">
                Open with {s.inviterId === agentId ? s.inviteeId : s.inviterId} · <span className="font-mono text-xs">{s.id}</span>
              </span>
              <Button size="sm" disabled={close.isPending} onClick={() => closeSession(s.id)}>
                Close session
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        aria-label="Close a session"
        className="flex flex-wrap items-end gap-2 border-t border-border p-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (closeId.trim()) closeSession(closeId.trim());
        }}
      >
        <Field label="Session id" hint="Close any session the acting agent is in." className="min-w-0 flex-1">
          {({ id, describedBy }) => <Input id={id} maxLength={120} value={closeId} onChange={(e) => setCloseId(e.target.value)} aria-describedby={describedBy} />}
        </Field>
        <RoleButton needs="operator" type="submit" disabled={!closeId.trim() || close.isPending}>
          Close
        </RoleButton>
      </form>
      {close.isSuccess ? (
        <p role="status" className="px-4 pb-3 text-sm text-success">
          Session closed.
        </p>
      ) : null}
      {failed ? <WriteError title="Not changed" error={failed} /> : null}
    </Panel>
  );
}
