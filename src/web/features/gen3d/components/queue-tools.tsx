import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NotificationToggle } from '../../../components/shell/notification-toggle';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { applyTasks } from '../api/apply';
import type { FoundTask } from '../api/elsewhere';
import { gen3dQueries } from '../api/queries';
import { typeLabel } from '../task-view';
import { StatusBadge } from './task-status';

/** Tasks the account created elsewhere (the service's list routes), compared with the ledger, and brought in on request. */
function TasksElsewhere() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The lookup and the service's route table it walks load on this click: the queue page opens without them.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const look = useMutation({
    mutationFn: async () => (await import('../api/elsewhere')).findTasksElsewhere((done, total) => setProgress({ done, total })),
    retry: false,
    onSuccess: (found) => {
      setChosen(new Set(found.map((f) => f.record.id)));
      bring.reset();
    },
  });
  const bring = useMutation({
    mutationFn: async (tasks: readonly FoundTask[]) => (await import('../api/elsewhere')).importTasks(tasks),
    retry: false,
    onSuccess: (result) => {
      applyTasks(qc, result.imported);
      void qc.invalidateQueries({ queryKey: gen3dQueries.summary().queryKey });
    },
  });
  const broughtIn = new Set(bring.data?.imported.map((t) => t.id) ?? []);
  const left = (look.data ?? []).filter((f) => !broughtIn.has(f.record.id));
  const selected = left.filter((f) => chosen.has(f.record.id));
  const toggle = (id: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Look through the service's task lists (the newest 50 of each type) for tasks this console did not create.</p>
        <Button size="sm" disabled={look.isPending || bring.isPending} onClick={() => look.mutate()}>
          {look.isPending ? 'Looking…' : 'Look for tasks created elsewhere'}
        </Button>
      </div>
      {look.isPending && progress ? (
        <Progress value={(progress.done / progress.total) * 100} label={`Read ${progress.done} of ${progress.total} task lists`} />
      ) : null}
      {look.isError ? <Alert title="The service's task lists could not be read">{errorMessage(look.error)}</Alert> : null}
      {bring.isError ? <Alert title="Nothing was brought in">{errorMessage(bring.error)}</Alert> : null}
      {bring.data ? (
        <div role="status" className="flex flex-col gap-1 text-sm">
          <p>
            {bring.data.imported.length === 0
              ? 'No task was brought in.'
              : bring.data.imported.length === 1
                ? 'Brought in 1 task: it is in the queue, marked imported, and its files are archived once it succeeds.'
                : `Brought in ${bring.data.imported.length} tasks: they are in the queue, marked imported, and their files are archived once they succeed.`}
          </p>
          {bring.data.skipped.length > 0 ? (
            <ul className="list-disc pl-5 text-muted" aria-label="Tasks left out">
              {bring.data.skipped.map((s) => (
                <li key={s.id}>
                  <span className="font-mono">{s.id.slice(0, 8)}</span>: {s.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {look.isSuccess ? (
        left.length === 0 ? (
          bring.data ? null : (
            <p className="text-sm" role="status">
              Every task the service lists is already in this console.
            </p>
          )
        ) : (
          <>
            <p className="text-sm">
              {left.length} task{left.length === 1 ? '' : 's'} at the service {left.length === 1 ? 'is' : 'are'} not in this console. Bring in the ones to keep:
              the console then watches them and archives their files (the service deletes them after 3 days). They were paid where they were made, so they do
              not count in this console's spend.
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" variant="primary" disabled={selected.length === 0 || bring.isPending} onClick={() => bring.mutate(selected)}>
                {bring.isPending ? 'Bringing in…' : `Bring in ${selected.length} selected`}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={bring.isPending}
                onClick={() => setChosen(selected.length === left.length ? new Set() : new Set(left.map((f) => f.record.id)))}
              >
                {selected.length === left.length ? 'Select none' : 'Select all'}
              </Button>
            </div>
            <ul className="flex flex-col divide-y divide-border text-sm" aria-label="Tasks created elsewhere">
              {left.map(({ record }) => {
                // Its prompt, else its name (a product prototype's), else its id.
                const called = record.prompt ?? (record.name?.trim() || null);
                return (
                  <li key={record.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-(--color-accent)"
                      checked={chosen.has(record.id)}
                      onChange={(e) => toggle(record.id, e.currentTarget.checked)}
                      aria-label={`Bring in ${called ?? record.id}`}
                    />
                    <span className="font-medium">{typeLabel(record.type ?? null)}</span>
                    <span className="min-w-0 flex-1 truncate text-muted" title={called ?? record.id}>
                      {called ?? <span className="font-mono">{record.id}</span>}
                    </span>
                    {record.created_at ? <span className="text-xs text-muted">{formatDateTime(record.created_at)}</span> : null}
                    <StatusBadge status={record.status} />
                  </li>
                );
              })}
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
