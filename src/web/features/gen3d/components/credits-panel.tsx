import { useQuery } from '@tanstack/react-query';
import { StepChart } from '../../../components/charts/step-chart';
import { Panel } from '../../../components/ui/card';
import { formatInt } from '../../../lib/format';
import { balanceHistoryQuery } from '../api/history';
import { gen3dQueries } from '../api/queries';

/** Credits: the balance over time, and what this console's tasks spent (`spentHere`, from the spend ledger: the route reads it). */
export function CreditsPanel({ spentHere }: { spentHere: number | undefined }) {
  const history = useQuery(balanceHistoryQuery());
  const balance = useQuery(gen3dQueries.balance());
  return (
    <Panel
      title="Balance over time"
      aside={
        <p className="text-sm text-muted">
          Balance <span className="font-mono text-fg">{balance.data !== undefined ? formatInt(balance.data) : '…'}</span> · spent here{' '}
          <span className="font-mono text-fg">{spentHere !== undefined ? formatInt(spentHere) : '…'}</span>
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
