import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../components/shell/shell';
import { connectionQueries } from '../lib/connections';
import { ConnectionCard } from '../features/connections/components/connection-card';
import { SpendLimits } from '../features/spend/components/spend-limits';

export const Route = createFileRoute('/connections')({
  loader: ({ context }) => context.queryClient.ensureQueryData(connectionQueries.list()),
  component: ConnectionsPage,
});

function ConnectionsPage() {
  const { data: connections } = useSuspenseQuery(connectionQueries.list());
  return (
    <>
      <PageHeader
        title="Connections"
        description="Each service runs on the embedded sandbox until you give it a live key. Keys stay on the console server; this page only ever shows their last four characters."
      />
      <div className="flex max-w-4xl flex-col gap-4 p-4 sm:gap-6 sm:p-6">
        {connections.map((c) => (
          <ConnectionCard key={c.service} connection={c} limits={<SpendLimits service={c.service} />} />
        ))}
      </div>
    </>
  );
}
