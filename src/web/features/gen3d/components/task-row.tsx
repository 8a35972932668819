import { Link } from '@tanstack/react-router';
import type { LedgerTask } from '../../../../contracts/bff';
import { failureAdvice } from '../../../../contracts/gen3d/records';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { useDeleteTask } from '../api/mutations';
import { useChargedPrice, useRefundWords } from '../hooks/use-refund-words';
import { creditsOf, isTextTo3d, promptOf, titleOf, typeLabel } from '../task-view';
import { watchNote } from '../watch-note';
import { StatusBadge, TaskProgress } from './task-status';
import { TaskThumb } from './task-thumb';

/** One task in the queue: thumbnail, type, status, progress, queue position, time and credits. */
export function TaskRow({ task }: { task: LedgerTask }) {
  const t = task.task;
  const prompt = titleOf(task);
  // A task other than text to 3D is priced by the route table until its record says what it spent.
  const price = useChargedPrice(task, !isTextTo3d(task) && !task.imported && !t.consumed_credits && (t.status === 'PENDING' || t.status === 'IN_PROGRESS' || t.status === 'SUCCEEDED'));
  const credits = creditsOf(task, price);
  const note = watchNote(task);
  const cancel = useDeleteTask();
  const refund = useRefundWords(task, t.status === 'CANCELED' || t.status === 'PENDING');
  return (
    <tr
      className="border-b border-border align-middle last:border-0 hover:bg-surface-2/50 max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3"
      data-task-id={task.id}
    >
      <td className="py-2 pl-4 pr-3 max-sm:order-1 max-sm:col-span-2 max-sm:p-0">
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
            <div className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5 whitespace-nowrap text-xs text-muted">
              <Badge>{typeLabel(t.type)}</Badge>
              <span className="font-mono" title={task.id}>
                {task.id.slice(0, 8)}
              </span>
              {task.mode === 'sandbox' ? <span>· sandbox</span> : null}
              {task.imported ? (
                <Badge tone="info" title="Created by the account elsewhere and brought in: paid there, not counted in this console's spend">
                  imported
                </Badge>
              ) : null}
            </div>
          </div>
        </div>
      </td>
      <td className="px-3 py-2 max-sm:order-2 max-sm:p-0">
        <StatusBadge status={t.status} />
      </td>
      <td className="px-3 py-2 max-sm:order-4 max-sm:col-span-2 max-sm:p-0">
        {t.status === 'FAILED' ? (
          <p className="line-clamp-3 text-xs text-danger" title={`${t.task_error?.message ?? ''} ${failureAdvice(t.task_error?.message ?? '', promptOf(task) !== null)}`}>
            {t.task_error?.message} <span className="text-muted">{failureAdvice(t.task_error?.message ?? '', promptOf(task) !== null)}</span>
          </p>
        ) : t.status === 'CANCELED' ? (
          <p className="text-xs text-muted">Deleted before it started{refund ? `; ${refund}` : '.'}</p>
        ) : (
          <TaskProgress task={task} label={`Progress of ${prompt}`} />
        )}
        {note ? (
          <p className="mt-1 line-clamp-2 text-xs text-warning" title={note}>
            {note}
          </p>
        ) : null}
      </td>
      <td
        className="px-3 py-2 text-right font-mono tabular-nums max-sm:order-3 max-sm:p-0"
        title={task.imported ? 'Credits charged where it was made' : credits.final ? 'Credits spent' : 'Credits charged; refunded if the task fails'}
      >
        {credits.credits}
        {credits.final ? '' : '*'}
        <span className="font-sans text-xs text-muted sm:hidden"> credits</span>
      </td>
      <td className="py-2 pl-1 pr-3 text-right max-sm:order-5 max-sm:col-span-2 max-sm:p-0 max-sm:text-left max-sm:empty:hidden">
        {t.status === 'PENDING' ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(task)}
            aria-label={`Delete ${prompt}`}
            title={`Delete it before it starts${refund ? `: ${refund}` : ''}`}
          >
            {cancel.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        ) : null}
        {cancel.isError && t.status === 'PENDING' ? (
          <p role="alert" className="text-left text-xs text-danger">
            Not deleted: {errorMessage(cancel.error)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
