import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-extra';
import { useBringIn, type FoundTask } from '../api/service-tasks';
import { typeLabel } from '../task-view';
import { StatusBadge } from './task-status';

/** What one look for tasks created elsewhere found: chosen (all at first) and brought in on request. */
export function ServiceTasksResults({ found }: { found: readonly FoundTask[] }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(found.map((f) => f.record.id)));
  const bring = useBringIn();
  const broughtIn = new Set(bring.data?.imported.map((t) => t.id) ?? []);
  const left = found.filter((f) => !broughtIn.has(f.record.id));
  const selected = left.filter((f) => chosen.has(f.record.id));
  const toggle = (id: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <>
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
      {left.length === 0 ? (
        bring.data ? null : (
          <p className="text-sm" role="status">
            Every task the service lists is already in this console.
          </p>
        )
      ) : (
        <>
          <p className="text-sm">
            {left.length} task{left.length === 1 ? '' : 's'} at the service {left.length === 1 ? 'is' : 'are'} not in this console. Bring in the ones to keep: the console then
            watches them and archives their files (the service deletes them after 3 days). They were paid where they were made, so they do not count in this console's spend.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="primary" disabled={selected.length === 0 || bring.isPending} onClick={() => bring.mutate(selected)}>
              {bring.isPending ? 'Bringing in…' : `Bring in ${selected.length} selected`}
            </Button>
            <Button size="sm" variant="ghost" disabled={bring.isPending} onClick={() => setChosen(selected.length === left.length ? new Set() : new Set(left.map((f) => f.record.id)))}>
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
      )}
    </>
  );
}
