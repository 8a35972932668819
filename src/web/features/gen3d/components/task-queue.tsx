import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { ListEmpty, ListFailed, ListLoading } from '../../../components/ui/list-states';
import { errorMessage } from '../../../lib/api';
import { gen3dQueries } from '../api/queries';
import type { QueueFilters } from '../ledger-patch';
import { QueueFilterBar } from './queue-filters';
import { TaskRow } from './task-row';

const filtered = (f: QueueFilters) => Boolean(f.status || f.type || f.q);

/**
 * The console's tasks a page at a time (50, newest first), filtered by status, type and text;
 * live through the event stream, which patches the pages held. A table from 640 px up; below,
 * each task is a stacked row (the header is left to screen readers).
 */
export function TaskQueue({ filters, onFilters }: { filters: QueueFilters; onFilters: (next: QueueFilters) => void }) {
  const pages = useInfiniteQuery(gen3dQueries.pages(filters));
  const list = pages.data?.pages.flatMap((p) => p.tasks) ?? [];
  return (
    <div>
      <QueueFilterBar filters={filters} onChange={onFilters} />
      {pages.isPending ? (
        <ListLoading label="Loading tasks" />
      ) : pages.isError && list.length === 0 ? (
        <ListFailed title="The task list could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />
      ) : list.length === 0 ? (
        <ListEmpty>
          {filtered(filters) ? (
            <>
              No task matches these filters.{' '}
              <Button size="sm" onClick={() => onFilters({})}>
                Clear filters
              </Button>
            </>
          ) : (
            'No tasks yet. Choose New preview to queue one; it appears here and updates live.'
          )}
        </ListEmpty>
      ) : (
        <>
          <table className="w-full border-collapse text-base max-sm:block sm:table-fixed" aria-label="Task queue">
            {/* Fixed widths: the prompt column takes what is left and truncates (its full text is its title). */}
            <colgroup>
              <col />
              <col className="w-24" />
              <col className="w-44" />
              <col className="w-16" />
              <col className="w-24" />
            </colgroup>
            <thead className="bg-surface text-left text-xs text-muted max-sm:sr-only">
              <tr className="border-b border-border">
                <th className="py-2 pl-4 pr-3 font-medium">Task</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">Progress</th>
                <th className="px-3 py-2 text-right font-medium">Credits</th>
                <th className="py-2 pl-3 pr-4 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {list.map((task) => (
                <TaskRow key={task.id} task={task} />
              ))}
            </tbody>
          </table>
          <div className="flex flex-wrap items-center justify-center gap-3 border-t border-border p-3 text-sm text-muted">
            <span role="status">
              {pages.hasNextPage ? `Showing the newest ${list.length.toLocaleString('en-US')} ${filtered(filters) ? 'matching ' : ''}tasks` : `${list.length.toLocaleString('en-US')} ${filtered(filters) ? 'matching ' : ''}task${list.length === 1 ? '' : 's'}, all shown`}
            </span>
            {pages.hasNextPage ? (
              <Button size="sm" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {pages.isFetchingNextPage ? 'Loading…' : 'Show older tasks'}
              </Button>
            ) : null}
            {pages.isFetchNextPageError ? (
              <p role="alert" className="w-full text-center text-danger">
                Older tasks could not be loaded: {errorMessage(pages.error)}
              </p>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
