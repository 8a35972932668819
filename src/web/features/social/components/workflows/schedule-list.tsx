import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { toolTargets, targetField, type Schedule, type ToolType } from '../../../../../contracts/social';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { ConfirmButton } from '../../../../components/ui/confirm-button';
import { ListEmpty, ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { errorMessage } from '../../../../lib/api';
import { formatDateTime, formatRelative } from '../../../../lib/format-extra';
import { useNow } from '../../../../lib/use-now';
import { useScheduleMutations, wfQueries } from '../../api/workflows';
import { everyLabel, toolLabels } from '../../workflows';

const targetOf = (s: Schedule) => {
  const tool = s.toolType as ToolType;
  const kind = toolTargets[tool];
  return kind ? String(s.request[targetField[kind]] ?? s.request.targetUsername ?? '') : '';
};

/** Schedules: a tool on a target every N hours, each run only new rows; next run time, pause, run now, delete. */
export function ScheduleList() {
  const query = useQuery(wfQueries.schedules());
  const m = useScheduleMutations();
  const now = useNow();
  const error = m.update.error ?? m.remove.error ?? m.run.error;
  if (query.isPending) return <ListLoading label="Loading schedules" />;
  if (query.isError) return <ListFailed title="The schedules could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data.schedules;
  if (!list.length) return <ListEmpty>No schedule: estimate an extraction and tick “Repeat on a schedule”.</ListEmpty>;
  return (
    <>
      {error ? <Alert title="The schedule was not changed">{errorMessage(error)}</Alert> : null}
      <ul aria-label="Schedules" className="divide-y divide-border">
        {list.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 px-3 py-2.5">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={s.active ? 'success' : 'neutral'}>{s.active ? 'active' : 'paused'}</Badge>
              <span className="font-medium">{toolLabels[s.toolType as ToolType] ?? s.toolType}</span>
              <span className="break-all text-sm text-muted">{targetOf(s)}</span>
              <span className="text-sm">{everyLabel(s.everyHours)}</span>
            </div>
            <p className="text-xs text-muted">
              {s.active && s.nextRunAt ? `Next run ${formatRelative(s.nextRunAt, now)} (${formatDateTime(s.nextRunAt)})` : 'Paused: no next run.'}
              {s.lastRunAt ? ` · last run ${formatDateTime(s.lastRunAt)}` : ''}
              {s.lastJobId ? (
                <>
                  {' · '}
                  <Link to="/social/extractions/$jobId" params={{ jobId: s.lastJobId }} search={{ only: 'new' }} className="text-accent hover:underline">
                    its new rows
                  </Link>
                </>
              ) : null}
            </p>
            {s.lastError ? <p className="text-xs text-danger">Last run failed: {s.lastError}</p> : null}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" disabled={m.update.isPending} onClick={() => m.update.mutate({ id: s.id, active: !s.active })}>
                {s.active ? 'Pause' : 'Resume'}
              </Button>
              <Button size="sm" disabled={m.run.isPending} onClick={() => m.run.mutate(s.id)}>
                Run now
              </Button>
              <ConfirmButton label="Delete" question="Delete this schedule? Jobs it ran stay." confirmLabel="Delete schedule" onConfirm={() => m.remove.mutate(s.id)} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
