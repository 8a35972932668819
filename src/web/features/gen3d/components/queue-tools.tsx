import { lazy, Suspense, useState } from 'react';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import { NotificationToggle } from '../../../components/shell/notification-toggle';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { errorMessage } from '../../../lib/api';
import { bringInKey } from '../api/mutations';

// What a look found, and how it is brought in, load with the look: the queue page opens without them.
const loadResults = () => import('./elsewhere-results');
const ElsewhereResults = lazy(async () => ({ default: (await loadResults()).ElsewhereResults }));

/** Tasks the account created elsewhere (the service's list routes), compared with the ledger, and brought in on request. */
function TasksElsewhere() {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The lookup, the service's route table it walks and the results' view load on this click.
  const look = useMutation({
    mutationFn: async () => {
      const [{ findTasksElsewhere }] = await Promise.all([import('../api/elsewhere'), loadResults()]);
      return findTasksElsewhere((done, total) => setProgress({ done, total }));
    },
    retry: false,
  });
  const bringing = useIsMutating({ mutationKey: bringInKey }) > 0;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Look through the service's task lists (the newest 50 of each type) for tasks this console did not create.</p>
        <Button size="sm" disabled={look.isPending || bringing} onClick={() => look.mutate()}>
          {look.isPending ? 'Looking…' : 'Look for tasks created elsewhere'}
        </Button>
      </div>
      {look.isPending && progress ? <Progress value={(progress.done / progress.total) * 100} label={`Read ${progress.done} of ${progress.total} task lists`} /> : null}
      {look.isError ? <Alert title="The service's task lists could not be read">{errorMessage(look.error)}</Alert> : null}
      {look.isSuccess ? (
        <Suspense fallback={null}>
          {/* A new look starts afresh: its own choice, its own bringing in. */}
          <ElsewhereResults key={look.submittedAt} found={look.data} />
        </Suspense>
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
