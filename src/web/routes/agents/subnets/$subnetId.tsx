import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { SUBNET_ID } from '../../../../contracts/agentnet';
import { PageHeader } from '../../../components/shell/shell';
import { Alert } from '../../../components/ui/alert';
import { forgetSubnet } from '../../../features/agents/api/mutations';
import { agentQueries } from '../../../features/agents/api/queries';
import { JoinRequests } from '../../../features/agents/components/subnets/join-requests';
import { SubnetFacts } from '../../../features/agents/components/subnets/subnet-facts';
import { SubnetChildren, SubnetMembers } from '../../../features/agents/components/subnets/subnet-lists';
import { SubnetMembership } from '../../../features/agents/components/subnets/subnet-membership';
import { useActing } from '../../../features/agents/hooks/use-acting';
import { ensureRecord, requireShape } from '../../../lib/loaders';

const PRIVATE_NOTE = 'A private subnet is visible to its members only: act as a member to open it.';

export const Route = createFileRoute('/agents/subnets/$subnetId')({
  loader: ({ context, params }) => {
    requireShape(SUBNET_ID.test(params.subnetId), 'Subnet', 'A subnet id has 1 to 80 letters, digits or . _ -.');
    void context.queryClient.prefetchQuery(agentQueries.members(params.subnetId, context.actAs));
    return ensureRecord(context.queryClient, agentQueries.subnet(params.subnetId, context.actAs), 'Subnet', PRIVATE_NOTE);
  },
  component: SubnetPage,
});

function SubnetPage() {
  const { subnetId } = Route.useParams();
  const [deleted, setDeleted] = useState<string | null>(null);
  const qc = useQueryClient();
  useEffect(() => {
    if (deleted) forgetSubnet(qc, subnetId);
  }, [deleted, qc, subnetId]);
  if (deleted) {
    return (
      <>
        <PageHeader title={deleted} description="Deleted" />
        <div className="p-4 sm:p-6">
          <Alert tone="success" title={`${deleted} was deleted.`}>
            Its members left it.{' '}
            <Link to="/agents/subnets" className="font-medium text-accent underline">
              Back to all subnets
            </Link>
          </Alert>
        </div>
      </>
    );
  }
  return <SubnetView key={subnetId} subnetId={subnetId} onDeleted={setDeleted} />;
}

function SubnetView({ subnetId, onDeleted }: { subnetId: string; onDeleted: (name: string) => void }) {
  const { actAs, identity } = useActing();
  // Switching who the console acts as re-reads the subnet: the page shows the last read meanwhile.
  const readAs = useDeferredValue(actAs);
  const { data: s } = useSuspenseQuery(agentQueries.subnet(subnetId, readAs));
  const owner = !!actAs && s.owner === actAs;
  return (
    <>
      <PageHeader
        title={s.name}
        description={<span className="break-all font-mono text-sm">{s.id}</span>}
        actions={
          <Link to="/agents/subnets" className="text-sm whitespace-nowrap text-accent hover:underline">
            ← All subnets
          </Link>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)]">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <SubnetFacts subnet={s} actAs={readAs} />
          <SubnetMembers subnetId={s.id} actAs={readAs} />
          <SubnetChildren subnet={s} actAs={readAs} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <SubnetMembership key={actAs ?? 'anonymous'} subnet={s} actAs={actAs} actingName={identity?.name ?? null} onDeleted={() => onDeleted(s.name)} />
          {owner && s.joinPolicy === 'approval' ? <JoinRequests subnetId={s.id} actAs={actAs} /> : null}
        </div>
      </div>
    </>
  );
}
