import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListEmpty, ListFailed, ListLoading } from '../../../components/ui/list-states';
import { gen3dQueries } from '../api/queries';
import { TaskRow } from './task-row';

/** Rows drawn at first and per "Show more": a long ledger costs no more to open than a short one. */
export const QUEUE_PAGE = 50;

/**
 * Every task created from this console, newest first; live through the event stream. A table
 * from 640 px up; below, each task is a stacked row (the header is left to screen readers).
 */
export function TaskQueue() {
  const tasks = useQuery(gen3dQueries.tasks());
  const [shown, setShown] = useState(QUEUE_PAGE);
  if (tasks.isPending) return <ListLoading label="Loading tasks" />;
  if (tasks.isError) return <ListFailed title="The task list could not be loaded" error={tasks.error} onRetry={() => void tasks.refetch()} />;
  const list = tasks.data;
  if (list.length === 0) return <ListEmpty>No tasks yet. Choose New preview to queue one; it appears here and updates live.</ListEmpty>;
  const rows = list.slice(0, shown);
  return (
    <div>
      <table className="w-full border-collapse text-base max-sm:block sm:table-fixed" aria-label="Task queue" aria-rowcount={list.length + 1}>
        {/* Fixed widths: the prompt column takes what is left and truncates (its full text is its title). */}
        <colgroup>
          <col />
          <col className="w-24" />
          <col className="w-44" />
          <col className="w-16" />
          <col className="w-20" />
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
          {rows.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-center justify-center gap-3 border-t border-border p-3 text-sm text-muted" role="status">
        {rows.length < list.length ? (
          <>
            Showing the newest {rows.length} of {list.length} tasks
            <Button size="sm" onClick={() => setShown((n) => n + QUEUE_PAGE)}>
              Show {Math.min(QUEUE_PAGE, list.length - rows.length)} more
            </Button>
          </>
        ) : (
          `${list.length} task${list.length === 1 ? '' : 's'}`
        )}
      </div>
    </div>
  );
}
