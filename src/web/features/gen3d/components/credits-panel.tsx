import { useQuery } from '@tanstack/react-query';
import { StepChart } from '../../../components/charts/step-chart';
import { Panel } from '../../../components/ui/card';
import { formatInt } from '../../../lib/format';
import { spendQueries } from '../../spend/api/queries';
import { gen3dQueries } from '../api/queries';

/** Credits: the balance over time, and what this console's tasks spent. */
export function CreditsPanel() {
  const history = useQuery(gen3dQueries.balanceHistory());
  const balance = useQuery(gen3dQueries.balance());
  const totals = useQuery(spendQueries.totals('gen3d'));
  return (
    <Panel
      title="Balance over time"
      aside={
        <p className="text-sm text-muted">
          Balance <span className="font-mono text-fg">{balance.data !== undefined ? formatInt(balance.data) : '…'}</span> · spent here{' '}
          <span className="font-mono text-fg">{totals.data ? formatInt(totals.data.total) : '…'}</span>
        </p>
      }
    >
      <StepChart
        label={`3D credit balance over time (${history.data?.mode ?? 'sandbox'})`}
        unit="credits"
        points={(history.data?.points ?? []).map((p) => ({ at: p.at, value: p.balance }))}
        height={220}
      />
    </Panel>
  );
}
