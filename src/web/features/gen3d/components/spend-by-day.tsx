import { useQuery } from '@tanstack/react-query';
import { BarChart, type Bar } from '../../../components/charts/bar-chart';
import { Panel } from '../../../components/ui/card';
import { ListFailed, ListLoading } from '../../../components/ui/list-states';
import type { LedgerTask } from '../../../../contracts/bff';
import { gen3dQueries } from '../api/queries';
import { creditsOf } from '../task-view';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const dayKey = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Credits this console's tasks took, per day they were queued (the last 14 days with tasks). */
export function spendByDay(tasks: readonly LedgerTask[]): Bar[] {
  const sums = new Map<string, { at: number; value: number }>();
  for (const t of tasks) {
    const key = dayKey(t.createdAt);
    const entry = sums.get(key) ?? { at: t.createdAt, value: 0 };
    entry.value += creditsOf(t).credits;
    sums.set(key, entry);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(-14)
    .map(([key, e]) => ({ key, label: day.format(e.at), value: e.value }));
}

export function SpendByDay() {
  const tasks = useQuery(gen3dQueries.tasks());
  return (
    <Panel title="Spent per day">
      {tasks.isPending ? (
        <ListLoading label="Loading tasks" />
      ) : tasks.isError ? (
        <ListFailed title="The tasks could not be loaded" error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : tasks.data.length === 0 ? (
        <p className="text-sm text-muted">No tasks yet: nothing spent.</p>
      ) : (
        <BarChart bars={spendByDay(tasks.data)} label="Credits spent by this console's 3D tasks per day" unit="credits" />
      )}
    </Panel>
  );
}
