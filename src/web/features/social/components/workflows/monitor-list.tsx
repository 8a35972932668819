import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { socialOps, type Monitor } from '../../../../../contracts/social';
import { BarChart } from '../../../../components/charts/bar-chart';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { ConfirmButton } from '../../../../components/ui/confirm-button';
import { ListEmpty, ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { errorMessage } from '../../../../lib/api';
import { formatInt } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-extra';
import { callOperation } from '../../../../lib/operation';
import { useNow } from '../../../../lib/use-now';
import { socialKeys } from '../../api/credits';
import { wfKeys, wfQueries } from '../../api/workflows';
import { monitorCost, startOfDay } from '../../workflows';
import { MonitorEdit } from './monitor-edit';
import { countOf, nounFor } from '../../../../lib/plural';

export const monitorName = (m: Monitor) => (m.kind === 'account' ? `@${m.username ?? m.userId ?? m.id}` : `“${m.query ?? m.id}”`);

/**
 * Account and keyword monitors: each one's event types, state, running cost (credits an hour, spent
 * today) and the day's total drawn per monitor; change its event types, pause and resume, delete
 * (asked first).
 */
export function MonitorList({ onEvents }: { onEvents: (m: Monitor) => void }) {
  const query = useQuery(wfQueries.monitors());
  const now = useNow();
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const done = { invalidates: [wfKeys.monitors(), socialKeys.balance()] };
  const toggle = useMutation({
    mutationFn: (m: Monitor) => callOperation(socialOps[m.kind === 'account' ? 'monitors.update' : 'monitors.keywords.update'], { params: { id: m.id }, body: { isActive: !m.active } }),
    meta: done,
  });
  const remove = useMutation({
    mutationFn: (m: Monitor) => callOperation(socialOps[m.kind === 'account' ? 'monitors.delete' : 'monitors.keywords.delete'], { params: { id: m.id } }),
    meta: done,
  });
  if (query.isPending) return <ListLoading label="Loading monitors" />;
  if (query.isError) return <ListFailed title="The monitors could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  const monitors = query.data;
  if (!monitors.length) return <ListEmpty>No monitor yet: watch an account or keywords above.</ListEmpty>;
  const day = startOfDay(now);
  const costs = monitors.map((m) => ({ m, cost: monitorCost(m, now, day) }));
  const active = costs.filter((c) => c.m.active);
  const today = costs.reduce((n, c) => n + c.cost.today, 0);
  const perHour = active.reduce((n, c) => n + c.cost.perHour, 0);
  const error = toggle.error ?? remove.error;
  return (
    <div className="flex flex-col">
      <div className="flex flex-col gap-2 border-b border-border p-3">
        <p className="text-sm">
          {formatInt(active.length)} active · {countOf(perHour, 'credit')} an hour · about <strong>{formatInt(today)}</strong> {nounFor(today, 'credit')} today
        </p>
        {active.length ? (
          <BarChart label="Credits spent today per active monitor" unit="credits" height={140} bars={active.map(({ m, cost }) => ({ key: m.id, label: monitorName(m).slice(0, 12), value: cost.today }))} />
        ) : null}
      </div>
      {error ? <Alert title="The monitor was not changed">{errorMessage(error)}</Alert> : null}
      <ul aria-label="Monitors" className="divide-y divide-border">
        {costs.map(({ m, cost }) => (
          <li key={m.id} className="flex flex-col gap-1.5 px-3 py-2.5">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={m.active ? 'success' : 'neutral'}>{m.active ? 'active' : 'paused'}</Badge>
              <span className="text-xs text-muted">{m.kind === 'account' ? 'Account' : 'Keywords'}</span>
              <span className="min-w-0 break-all font-medium">{monitorName(m)}</span>
            </div>
            <p className="break-words font-mono text-xs text-muted">{m.eventTypes.join(', ')}</p>
            <p className="text-xs text-muted">
              {m.active ? `${cost.perHour} credit an hour · ${formatInt(cost.today)} today${m.nextBillingAt ? ` · next hour billed ${formatDateTime(m.nextBillingAt)}` : ''}` : `Paused${m.pausedReason ? `: ${m.pausedReason}` : ''}: costs nothing.`}
            </p>
            {saved === m.id ? (
              <p className="text-sm" role="status">
                Event types saved.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => onEvents(m)}>
                Its events
              </Button>
              <Button
                size="sm"
                aria-expanded={editing === m.id}
                onClick={() => {
                  setSaved(null);
                  setEditing((e) => (e === m.id ? null : m.id));
                }}
              >
                Event types
              </Button>
              <Button size="sm" disabled={toggle.isPending} onClick={() => toggle.mutate(m)}>
                {m.active ? 'Pause' : 'Resume'}
              </Button>
              <ConfirmButton label="Delete" question={`Delete the monitor of ${monitorName(m)}? Its events stay in the log.`} confirmLabel="Delete monitor" onConfirm={() => remove.mutate(m)} />
            </div>
            {editing === m.id ? (
              <MonitorEdit
                monitor={m}
                name={monitorName(m)}
                onDone={(ok) => {
                  setEditing(null);
                  setSaved(ok ? m.id : null);
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
