import { createFileRoute } from '@tanstack/react-router';
import { serviceIds } from '../../contracts/service-ids';
import { PageHeader } from '../components/shell/shell';
import { Panel } from '../components/ui/card';
import { spendQueries } from '../features/spend/api/queries';
import { ServiceSpend } from '../features/spend/components/service-spend';
import { AuditLog } from '../features/spend/components/audit-log';
import { SpendWrites } from '../features/spend/components/spend-writes';

export const Route = createFileRoute('/spend')({
  loader: ({ context }) => {
    for (const s of serviceIds) {
      void context.queryClient.prefetchQuery(spendQueries.totals(s));
      void context.queryClient.prefetchQuery(spendQueries.daily(s, 14));
    }
  },
  component: SpendPage,
});

function SpendPage() {
  return (
    <>
      <PageHeader
        title="Spend"
        description="What the console's writes spent, per service and per UTC day, from its spend ledger: every credit-spending write is recorded before it leaves. Limits are set on the Connections page."
      />
      <div className="flex max-w-5xl flex-col gap-4 p-4 sm:gap-6 sm:p-6">
        {serviceIds.map((s) => (
          <ServiceSpend key={s} service={s} />
        ))}
        <Panel title="Writes">
          <SpendWrites />
        </Panel>
        <Panel title="Audit log">
          <AuditLog />
        </Panel>
      </div>
    </>
  );
}
