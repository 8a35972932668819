import type { LedgerTask } from '../../../../contracts/bff';
import { Badge } from '../../../components/ui/badge';
import { Progress } from '../../../components/ui/progress';
import { formatDuration } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { elapsedSeconds, isRunning, statusLabel, statusTone } from '../task-view';

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel[status] ?? status}</Badge>;
}

/** Progress bar with percent, queue position while PENDING, and elapsed time. */
export function TaskProgress({ task, label }: { task: LedgerTask; label: string }) {
  const now = useNow();
  const t = task.task;
  const queued = t.status === 'PENDING';
  const finalizing = t.status === 'IN_PROGRESS' && t.progress >= 99;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Progress value={queued ? 0 : t.progress} label={label} tone={statusTone(t.status)} />
      <div className="flex justify-between gap-2 text-xs text-muted tabular-nums">
        <span>
          {queued
            ? t.preceding_tasks
              ? `${t.preceding_tasks} ahead in queue`
              : 'Next in queue'
            : finalizing
              ? '99% · finalizing'
              : `${Math.round(t.progress)}%`}
        </span>
        <span title={isRunning(task) ? 'Elapsed' : 'Total time'}>{formatDuration(elapsedSeconds(task, now))}</span>
      </div>
    </div>
  );
}
