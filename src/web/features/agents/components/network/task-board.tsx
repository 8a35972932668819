import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Task } from '../../../../../contracts/agentnet';
import { Badge } from '../../../../components/ui/badge';
import { ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { netQueries } from '../../api/network';
import type { ActAs } from '../../api/service';
import { formatAmount, taskColumns } from '../../network-view';
import { MoreButton } from './bits';

/** The task pool as a board by status: each column pages on its own (20 at a time). */
export function TaskBoard({ filters, actAs }: { filters: { org?: string; tags?: string }; actAs: ActAs }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {taskColumns.map((c) => (
        <TaskColumn key={c.status} status={c.status} label={c.label} filters={filters} actAs={actAs} />
      ))}
    </div>
  );
}

function TaskColumn({ status, label, filters, actAs }: { status: string; label: string; filters: { org?: string; tags?: string }; actAs: ActAs }) {
  const q = useInfiniteQuery(netQueries.tasks(status, filters, actAs));
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-label={`${label} tasks`} className="flex min-w-0 flex-col gap-2 rounded border border-border bg-surface-2 p-2">
      <h2 className="text-sm font-semibold">
        {label} <span className="font-normal text-muted">· {q.hasNextPage ? `${items.length}+` : items.length}</span>
      </h2>
      {q.isPending ? (
        <ListLoading label={`Loading ${label.toLowerCase()} tasks`} />
      ) : q.isError ? (
        <ListFailed title="These tasks could not be loaded" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((t) => (
            <li key={t.id}>
              <TaskCard task={t} />
            </li>
          ))}
          {items.length === 0 ? <li className="text-xs text-muted">None.</li> : null}
        </ul>
      )}
      <MoreButton hasNext={!!q.hasNextPage} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} noun="tasks" />
    </section>
  );
}

export function TaskCard({ task: t }: { task: Task }) {
  return (
    <div className="flex flex-col gap-1 rounded bg-surface p-2 shadow-card">
      <Link to="/agents/tasks/$taskId" params={{ taskId: t.id }} className="break-words text-sm font-medium text-accent hover:underline">
        {t.title}
      </Link>
      <span className="flex flex-wrap items-center gap-1 text-xs text-muted">
        {t.reward > 0 ? <Badge tone="accent">{formatAmount(t.reward, t.currency)}</Badge> : null}
        {t.escrow && t.escrow.status !== 'none' ? <Badge tone="warning">escrow {t.escrow.status}</Badge> : null}
        {t.humanOnly ? <Badge>human only</Badge> : null}
        <span className="truncate" title={t.creatorId ?? undefined}>
          by {t.creatorName ?? t.creatorId ?? 'unknown'}
        </span>
      </span>
    </div>
  );
}
