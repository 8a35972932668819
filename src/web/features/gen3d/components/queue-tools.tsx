import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { setBrowserNotifications, useBrowserNotificationState } from '../../../lib/notices';
import { typeLabel } from '../task-view';
import { StatusBadge } from './task-status';

/** Browser notifications when a task finishes or fails: asked for only on this click. */
function NotificationToggle() {
  const state = useBrowserNotificationState();
  if (state === 'unsupported') return <p className="text-sm text-muted">This browser shows no notifications; finished and failed tasks raise a notice in the console.</p>;
  if (state === 'denied')
    return <p className="text-sm text-muted">The browser blocks this site's notifications: allow them in the site settings to be told when a task ends outside the console.</p>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted">{state === 'on' ? 'The browser notifies you when a task finishes or fails.' : 'Finished and failed tasks raise a notice in the console. The browser can notify you too.'}</p>
      <Button size="sm" onClick={() => void setBrowserNotifications(state !== 'on')}>
        {state === 'on' ? 'Stop browser notifications' : 'Notify me in the browser'}
      </Button>
    </div>
  );
}

/** Tasks the account created elsewhere (the service's list routes), compared with the ledger. */
function TasksElsewhere() {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The lookup and the service's route table it walks load on this click: the queue page opens without them.
  const look = useMutation({
    mutationFn: async () => (await import('../api/elsewhere')).findTasksElsewhere((done, total) => setProgress({ done, total })),
    retry: false,
  });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Look through the service's task lists (the newest 50 of each type) for tasks this console did not create.</p>
        <Button size="sm" disabled={look.isPending} onClick={() => look.mutate()}>
          {look.isPending ? 'Looking…' : 'Look for tasks created elsewhere'}
        </Button>
      </div>
      {look.isPending && progress ? <Progress value={(progress.done / progress.total) * 100} label={`Read ${progress.done} of ${progress.total} task lists`} /> : null}
      {look.isError ? <Alert title="The service's task lists could not be read">{errorMessage(look.error)}</Alert> : null}
      {look.isSuccess ? (
        look.data.length === 0 ? (
          <p className="text-sm" role="status">
            Every task the service lists is already in this console.
          </p>
        ) : (
          <>
            <Alert tone="warning" title={`${look.data.length} task${look.data.length === 1 ? '' : 's'} at the service ${look.data.length === 1 ? 'is' : 'are'} not in this console`}>
              The console cannot bring them into its queue yet: its server has no import for tasks it did not create, so they are listed here only, and their files are not archived
              (the service deletes them after 3 days).
            </Alert>
            <ul className="flex flex-col divide-y divide-border text-sm" aria-label="Tasks created elsewhere">
              {look.data.map(({ record }) => (
                <li key={record.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <span className="font-medium">{typeLabel(record.type ?? null)}</span>
                  <span className="min-w-0 flex-1 truncate text-muted" title={record.prompt ?? record.id}>
                    {record.prompt ?? <span className="font-mono">{record.id}</span>}
                  </span>
                  {record.created_at ? <span className="text-xs text-muted">{formatDateTime(record.created_at)}</span> : null}
                  <StatusBadge status={record.status} />
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </div>
  );
}

/** Below the queue: browser notifications, and tasks created elsewhere. */
export function QueueTools() {
  return (
    <Panel title="Notices and other tasks" bodyClassName="flex flex-col gap-4">
      <NotificationToggle />
      <TasksElsewhere />
    </Panel>
  );
}
