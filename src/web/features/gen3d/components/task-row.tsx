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
          <div className="min-w-0">
            <Link
              to="/3d/tasks/$taskId"
              params={{ taskId: task.id }}
              className="block max-w-[22rem] truncate font-medium hover:text-accent hover:underline"
              title={prompt}
            >
              {prompt}
            </Link>
            <div className="mt-0.5 flex items-center gap-1.5 whitespace-nowrap text-xs text-muted">
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
      <td className="w-64 px-3 py-2">
        {t.status === 'FAILED' ? (
          <p className="text-xs text-danger" title={failureAdvice(t.task_error?.message ?? '')}>
            {t.task_error?.message} <span className="text-muted">{failureAdvice(t.task_error?.message ?? '')}</span>
          </p>
        ) : (
          <TaskProgress task={task} label={`Progress of ${prompt}`} />
        )}
        {task.watch.lastError ? <p className="mt-1 text-xs text-warning">{task.watch.lastError}</p> : null}
      </td>
      <td className="px-3 py-2 text-right font-mono tabular-nums" title={credits.final ? 'Credits spent' : 'Credits this task costs'}>
        {credits.credits}
        {credits.final ? '' : '*'}
      </td>
      <td className="py-2 pl-3 pr-4 text-right">
        {t.status === 'PENDING' ? (
          <Button size="sm" variant="ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(task.id)} aria-label={`Cancel ${prompt}`}>
            Cancel
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
