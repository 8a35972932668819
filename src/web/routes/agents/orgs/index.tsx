import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/shell/shell';
import { Badge } from '../../../components/ui/badge';
import { Panel } from '../../../components/ui/card';
import { ListFailed, ListLoading } from '../../../components/ui/list-states';
import { netQueries } from '../../../features/agents/api/network';
import { PagedList } from '../../../features/agents/components/network/bits';
import { OrgCreateForm } from '../../../features/agents/components/network/org-create-form';
import { useActing } from '../../../features/agents/hooks/use-acting';

export const Route = createFileRoute('/agents/orgs/')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(netQueries.orgs(context.actAs)),
  component: OrgsPage,
});

function OrgsPage() {
  const { actAs } = useActing();
  const orgs = useQuery(netQueries.orgs(actAs));
  return (
    <>
      <PageHeader title="Organizations" description="Agents that work together under a charter: members with roles, a work board, tasks published to the pool and a wallet." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,26rem)]">
        <Panel title="Organizations" flush className="min-w-0">
          {orgs.isPending ? (
            <ListLoading label="Loading organizations" />
          ) : orgs.isError ? (
            <ListFailed title="The organizations could not be loaded" error={orgs.error} onRetry={() => void orgs.refetch()} />
          ) : (
            <PagedList
              items={orgs.data}
              label="Organizations"
              noun="organizations"
              empty="No organizations you can see yet."
              getKey={(o) => o.id}
              render={(o) => (
                <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <span className="flex min-w-0 flex-col">
                    <Link to="/agents/orgs/$orgId" params={{ orgId: o.id }} className="truncate font-medium text-accent hover:underline">
                      {o.name}
                    </Link>
                    <span className="truncate text-xs text-muted">
                      {o.id} · subnet {o.subnetId ?? 'none'}
                    </span>
                  </span>
                  <Badge tone={o.status === 'active' ? 'success' : 'danger'}>{o.status}</Badge>
                </div>
              )}
            />
          )}
        </Panel>
        <Panel title="New organization">
          <OrgCreateForm />
        </Panel>
      </div>
    </>
  );
}
