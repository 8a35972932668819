import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../components/shell/shell';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { connectionQueries } from '../features/connections/api/queries';
import { ConnectionCard } from '../features/connections/components/connection-card';
import { errorMessage } from '../lib/api';

export const Route = createFileRoute('/connections')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(connectionQueries.list()),
  component: ConnectionsPage,
});

function ConnectionsPage() {
  const connections = useQuery(connectionQueries.list());
  return (
    <>
      <PageHeader
        title="Connections"
        description="Each service runs on the embedded sandbox until you give it a live key. Keys stay on the console server; this page only ever shows their last four characters."
      />
      <div className="flex max-w-4xl flex-col gap-6 p-6">
        {connections.isPending ? <Spinner label="Loading connections" /> : null}
        {connections.isError ? (
          <Alert title="Connections could not be loaded" action={<Button size="sm" onClick={() => void connections.refetch()}>Retry</Button>}>
            {errorMessage(connections.error)}
          </Alert>
        ) : null}
        {connections.data?.map((c) => <ConnectionCard key={c.service} connection={c} />)}
      </div>
    </>
  );
}
