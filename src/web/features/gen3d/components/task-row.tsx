import { Link } from '@tanstack/react-router';
import type { LedgerTask } from '../../../../contracts/bff';
import { failureAdvice } from '../../../../contracts/gen3d';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useDeleteTask } from '../api/mutations';
import { creditsOf, promptOf, typeLabel } from '../task-view';
import { StatusBadge, TaskProgress } from './task-status';
import { TaskThumb } from './task-thumb';

/** One task in the queue: thumbnail, type, status, progress, queue position, time and credits. */
export function TaskRow({ task }: { task: LedgerTask }) {
  const t = task.task;
  const prompt = promptOf(task) ?? task.id;
  const credits = creditsOf(task);
  const cancel = useDeleteTask();
  return (
    <tr className="border-b border-border align-middle last:border-0 hover:bg-surface-2/50" data-task-id={task.id}>
      <td className="py-2 pl-4 pr-3">
        <div className="flex min-w-0 items-center gap-3">
          <TaskThumb task={task} />
          <div className="min-w-0 flex-1">
            <Link
              to="/3d/tasks/$taskId"
              params={{ taskId: task.id }}
              className="block truncate font-medium hover:text-accent hover:underline"
              title={prompt}
            >
              {prompt}
            </Link>
            <div className="mt-0.5 flex min-w-0 items-center gap-1.5 overflow-hidden whitespace-nowrap text-xs text-muted">
              <Badge>{typeLabel(t.type)}</Badge>
              <span className="font-mono" title={task.id}>
                {task.id.slice(0, 8)}
              </span>
              {task.mode === 'sandbox' ? <span>· sandbox</span> : null}
            </div>
          </div>
        </div>
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={t.status} />
      </td>
      <td className="px-3 py-2">
        {t.status === 'FAILED' ? (
          <p className="line-clamp-3 text-xs text-danger" title={`${t.task_error?.message ?? ''} ${failureAdvice(t.task_error?.message ?? '')}`}>
            {t.task_error?.message} <span className="text-muted">{failureAdvice(t.task_error?.message ?? '')}</span>
          </p>
        ) : t.status === 'CANCELED' ? (
          <p className="text-xs text-muted">Canceled before it started; refunded.</p>
        ) : (
          <TaskProgress task={task} label={`Progress of ${prompt}`} />
        )}
        {task.watch.lastError ? (
          <p className="mt-1 line-clamp-2 text-xs text-warning" title={task.watch.lastError}>
            {task.watch.lastError}
          </p>
        ) : null}
      </td>
      <td className="px-3 py-2 text-right font-mono tabular-nums" title={credits.final ? 'Credits spent' : 'Credits charged; refunded if the task fails'}>
        {credits.credits}
        {credits.final ? '' : '*'}
      </td>
      <td className="py-2 pl-1 pr-3 text-right">
        {t.status === 'PENDING' ? (
          <Button size="sm" variant="ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(task.id)} aria-label={`Cancel ${prompt}`}>
            Cancel
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
