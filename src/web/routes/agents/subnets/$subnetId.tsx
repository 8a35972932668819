import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { SUBNET_ID } from '../../../../contracts/agentnet';
import { PageError } from '../../../components/shell/page-error';
import { PageHeader } from '../../../components/shell/shell';
import { ListLoading } from '../../../components/ui/list-states';
import { agentQueries } from '../../../features/agents/api/queries';
import { JoinRequests } from '../../../features/agents/components/subnets/join-requests';
import { SubnetFacts } from '../../../features/agents/components/subnets/subnet-facts';
import { SubnetChildren, SubnetMembers } from '../../../features/agents/components/subnets/subnet-lists';
import { SubnetMembership } from '../../../features/agents/components/subnets/subnet-membership';
import { useActing } from '../../../features/agents/hooks/use-acting';


export const Route = createFileRoute('/agents/subnets/$subnetId')({
  // Loaders are not split by default: keep this one (and the contracts it reads) out of the first page.
  codeSplitGroupings: [['loader', 'component', 'errorComponent']],
  loader: ({ context, params }) => {
    // Checked here, not in params.parse: the loader is in the route's own chunk, with the contracts.
    if (!SUBNET_ID.test(params.subnetId)) throw notFound();
    void context.queryClient.prefetchQuery(agentQueries.members(params.subnetId, context.actAs));
    return context.queryClient.ensureQueryData(agentQueries.subnet(params.subnetId, context.actAs)).then(() => undefined);
  },
  errorComponent: RouteError,
  component: SubnetPage,
});

function SubnetPage() {
  const { subnetId } = Route.useParams();
  const { actAs, identity } = useActing();
  const subnet = useQuery({ ...agentQueries.subnet(subnetId, actAs), placeholderData: keepPreviousData });
  if (subnet.isPending) return <ListLoading label="Loading the subnet" />;
  if (subnet.isError) return <SubnetError error={subnet.error} onRetry={() => void subnet.refetch()} />;
  const s = subnet.data;
  const owner = !!actAs && s.owner === actAs;
  return (
    <>
      <PageHeader
        title={s.name}
        description={<span className="font-mono text-sm">{s.id}</span>}
        actions={
          <Link to="/agents/subnets" className="text-sm text-accent hover:underline">
            ← All subnets
          </Link>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)] items-start gap-6 p-6">
        <div className="flex flex-col gap-6">
          <SubnetFacts subnet={s} actAs={actAs} />
          <SubnetMembers subnetId={s.id} actAs={actAs} />
          <SubnetChildren subnet={s} actAs={actAs} />
        </div>
        <div className="flex flex-col gap-6">
          <SubnetMembership key={actAs ?? 'anonymous'} subnet={s} actAs={actAs} actingName={identity?.name ?? null} />
          {owner && s.joinPolicy === 'approval' ? <JoinRequests subnetId={s.id} actAs={actAs} /> : null}
        </div>
      </div>
    </>
  );
}

function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return <SubnetError error={error} onRetry={() => void router.invalidate()} />;
}

function SubnetError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <PageError
      title="This subnet cannot be shown"
      error={error}
      onRetry={onRetry}
      note="A private subnet is visible to its members only: act as a member to open it."
      back={
        <Link to="/agents/subnets" className="text-accent underline">
          All subnets
        </Link>
      }
    />
  );
}
