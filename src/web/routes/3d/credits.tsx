import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/shell/shell';
import { balanceHistoryQuery } from '../../features/gen3d/api/history';
import { CreditsPanel } from '../../features/gen3d/components/credits-panel';
import { Panel } from '../../components/ui/card';
import { spendQueries } from '../../features/spend/api/queries';
import { SpendDailyCharts } from '../../features/spend/components/spend-daily';

export const Route = createFileRoute('/3d/credits')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(balanceHistoryQuery());
    void context.queryClient.prefetchQuery(spendQueries.daily('gen3d', 14));
  },
  component: CreditsPage,
});

function CreditsPage() {
  const totals = useQuery(spendQueries.totals('gen3d'));
  return (
    <>
      <PageHeader
        title="3D credits"
        description="The balance each time it changed, and what this console's tasks spent per day."
        actions={
          <Link to="/3d" className="text-sm whitespace-nowrap text-accent hover:underline">
            ← All tasks
          </Link>
        }
      />
      <div className="flex max-w-5xl flex-col gap-4 p-4 sm:gap-6 sm:p-6">
        <CreditsPanel spentHere={totals.data?.total} />
        <Panel title="Spent per day">
          <SpendDailyCharts service="gen3d" />
        </Panel>
      </div>
    </>
  );
}
