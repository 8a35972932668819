import { useQuery } from '@tanstack/react-query';
import { services, type ServiceId } from '../../../../contracts/services';
import { Panel } from '../../../components/ui/card';
import { Stat } from '../../../components/ui/stat';
import { formatInt } from '../../../lib/format';
import { spendQueries } from '../api/queries';
import { SpendDailyCharts } from './spend-daily';

/** One service's spend: the server's totals and its spend per day (a chart per unit). */
export function ServiceSpend({ service }: { service: ServiceId }) {
  const totals = useQuery(spendQueries.totals(service));
  const t = totals.data;
  const unit = t ? ` ${t.unit}` : '';
  return (
    <Panel title={`${services[service].label}${t ? ` (${t.mode})` : ''}`} bodyClassName="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label={`Spent${unit}`} value={t ? formatInt(t.total) : '…'} />
        <Stat label={`Today${unit}`} value={t ? formatInt(t.today) : '…'} />
        <Stat label={`Not yet settled${unit}`} value={t ? formatInt(t.unsettled) : '…'} />
        <Stat label="Writes (recovered)" value={t ? `${formatInt(t.writes)} (${formatInt(t.recovered)})` : '…'} />
      </dl>
      <SpendDailyCharts service={service} />
    </Panel>
  );
}
