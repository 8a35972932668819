import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Panel } from '../../../components/ui/card';
import { Stat } from '../../../components/ui/stat';
import { formatInt } from '../../../lib/format';
import type { SpendTotals } from '../../../../contracts/bff';
import { gen3dQueries } from '../api/queries';

/**
 * The 3D credits at a glance, beside the queue: balance, spent here and today, not yet settled
 * (`totals`: the spend ledger's, which the route reads); the history is a page of its own.
 */
export function CreditsSummary({ totals: t }: { totals: SpendTotals | undefined }) {
  const balance = useQuery(gen3dQueries.balance());
  return (
    <Panel
      title="Credits"
      aside={
        <Link to="/3d/credits" className="text-sm text-accent hover:underline">
          Credit history →
        </Link>
      }
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2">
        <Stat label="Balance" value={balance.data !== undefined ? formatInt(balance.data) : '…'} />
        <Stat label="Spent here" value={t ? formatInt(t.total) : '…'} />
        <Stat label="Spent today" value={t ? formatInt(t.today) : '…'} />
        <Stat label="Not yet settled" value={t ? formatInt(t.unsettled) : '…'} />
      </dl>
    </Panel>
  );
}
