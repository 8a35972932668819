import { useQueries, useQuery } from '@tanstack/react-query';
import { BarChart } from '../../../components/charts/bar-chart';
import { ListFailed, ListLoading } from '../../../components/ui/list-states';
import { services, type ServiceId } from '../../../../contracts/services';
import { formatInt } from '../../../lib/format';
import { spendQueries } from '../api/queries';
import { chartsByUnit } from '../view';

/** A service's spend per UTC day from the spend ledger: one bar chart per unit the answers name. */
export function SpendDailyCharts({ service, days = 14 }: { service: ServiceId; days?: number }) {
  const daily = useQuery(spendQueries.daily(service, days));
  // The first answer names every unit; the others are read beside it.
  const others = useQueries({ queries: (daily.data?.units ?? []).filter((u) => u !== daily.data?.unit).map((u) => spendQueries.daily(service, days, u)) });
  if (daily.isPending) return <ListLoading label="Loading spend per day" />;
  if (daily.isError) return <ListFailed title="Spend per day could not be loaded" error={daily.error} onRetry={() => void daily.refetch()} />;
  const label = services[service].label;
  return (
    <div className="flex flex-col gap-4">
      {chartsByUnit([daily.data, ...others.flatMap((o) => (o.data ? [o.data] : []))]).map((c) => (
        <div key={c.unit} className="flex flex-col gap-1">
          <p className="text-sm text-muted">
            {c.total === 0 ? `Nothing spent in ${c.unit} in the last ${days} days` : `${formatInt(c.total)} ${c.unit} in the last ${days} days`} ({daily.data.mode})
          </p>
          <BarChart bars={c.bars} label={`${label} spend per day in ${c.unit} (${daily.data.mode})`} unit={c.unit} />
        </div>
      ))}
    </div>
  );
}
