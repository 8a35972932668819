import { useIsMutating, useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { errorMessage } from '../../../lib/api';
import { findServiceTasks } from '../api/service-tasks';
import { bringInKey } from '../api/mutations';
import { ServiceTasksResults } from './service-tasks-results';

/**
 * A look through the service's task lists for tasks this console did not create, started when this
 * loads (the operator asked for it) and again on each click of its button: its progress, what it found, and the
 * bringing in. Loaded on the first click of the queue page's button, with the lookup it runs.
 */
export function ServiceTasksLook({ intro }: { intro: ReactNode }) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const look = useMutation({ mutationFn: () => findServiceTasks((done, total) => setProgress({ done, total })), retry: false });
  const bringing = useIsMutating({ mutationKey: bringInKey }) > 0;
  // The click that loaded this asked for a look (once, also when React runs the effect twice in development).
  const started = useRef(false);
  const { mutate } = look;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {intro}
        <Button size="sm" disabled={look.isPending || bringing} onClick={() => look.mutate()}>
          {look.isPending ? 'Looking…' : 'Look for tasks created elsewhere'}
        </Button>
      </div>
      {look.isPending && progress ? <Progress value={(progress.done / progress.total) * 100} label={`Read ${progress.done} of ${progress.total} task lists`} /> : null}
      {look.isError ? <Alert title="The service's task lists could not be read">{errorMessage(look.error)}</Alert> : null}
      {/* A new look starts afresh: its own choice, its own bringing in. */}
      {look.isSuccess ? <ServiceTasksResults key={look.submittedAt} found={look.data} /> : null}
    </>
  );
}
