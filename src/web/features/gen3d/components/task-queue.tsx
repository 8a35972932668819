import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { gen3dQueries } from '../api/queries';
import { TaskRow } from './task-row';

const ROW_HEIGHT = 68;

/** Every task created from this console, newest first; live through the event stream. */
export function TaskQueue() {
  const tasks = useQuery(gen3dQueries.tasks());
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = tasks.data ?? [];
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is made for this; the row list is not memoized.
  const virtual = useVirtualizer({
    count: list.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (i) => list[i]?.id ?? i,
  });

  if (tasks.isPending) {
    return (
      <div className="flex items-center gap-2 p-4 text-muted">
        <Spinner label="Loading tasks" /> Loading tasks…
      </div>
    );
  }
  if (tasks.isError) {
    return (
      <div className="p-4">
        <Alert title="The task list could not be loaded" action={<Button size="sm" onClick={() => void tasks.refetch()}>Retry</Button>}>
          {errorMessage(tasks.error)}
        </Alert>
      </div>
    );
  }
  if (list.length === 0) {
    return <p className="p-6 text-center text-muted">No tasks yet. Queue a preview with the form; it appears here and updates live.</p>;
  }

  const items = virtual.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={scrollRef} className="max-h-[calc(100vh-14rem)] overflow-auto">
      <table className="w-full table-fixed border-collapse text-base" aria-label="Task queue" aria-rowcount={list.length}>
        {/* Fixed widths: the prompt column takes what is left and truncates, so the table fits its card from 1280 px up. */}
        <colgroup>
          <col />
          <col className="w-24" />
          <col className="w-44" />
          <col className="w-16" />
          <col className="w-20" />
        </colgroup>
        <thead className="sticky top-0 z-10 bg-surface text-left text-xs text-muted">
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
        <tbody>
          {top > 0 ? <tr aria-hidden style={{ height: top }} /> : null}
          {items.map((item) => {
            const task = list[item.index];
            return task ? <TaskRow key={task.id} task={task} /> : null;
          })}
          {bottom > 0 ? <tr aria-hidden style={{ height: bottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
}
