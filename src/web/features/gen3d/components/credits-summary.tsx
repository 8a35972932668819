import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Panel } from '../../../components/ui/card';
import { Stat } from '../../../components/ui/stat';
import { formatInt } from '../../../lib/format';
import { gen3dQueries } from '../api/queries';
import { creditsOf, isRunning } from '../task-view';

/** The 3D credits at a glance, beside the queue: balance, spent here, held by running tasks; the history is a page of its own. */
export function CreditsSummary() {
  const balance = useQuery(gen3dQueries.balance());
  const tasks = useQuery(gen3dQueries.tasks());
  const list = tasks.data ?? [];
  const spent = list.reduce((sum, t) => sum + creditsOf(t).credits, 0);
  const held = list.filter(isRunning).reduce((sum, t) => sum + creditsOf(t).credits, 0);
  return (
    <Panel
      title="Credits"
      aside={
        <Link to="/3d/credits" className="text-sm text-accent hover:underline">
          Credit history →
        </Link>
      }
    >
      <dl className="grid grid-cols-3 gap-3">
        <Stat label="Balance" value={balance.data !== undefined ? formatInt(balance.data) : '…'} />
        <Stat label="Spent here" value={formatInt(spent)} />
        <Stat label="Held by running tasks" value={formatInt(held)} />
      </dl>
    </Panel>
  );
}
