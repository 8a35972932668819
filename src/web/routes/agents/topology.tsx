import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/shell/shell';
import { Card, CardBody } from '../../components/ui/card';
import { ListLoading } from '../../components/ui/list-states';
import { useActing } from '../../features/agents/hooks/use-acting';

const TopologyGraph = lazy(() => import('../../features/agents/components/network/topology-graph'));

export const Route = createFileRoute('/agents/topology')({
  component: TopologyPage,
});

function TopologyPage() {
  const { actAs } = useActing();
  return (
    <>
      <PageHeader title="Topology" description="Who belongs where: agents, the subnets they are members or owners of, and the organizations bound to each subnet." />
      <div className="p-4 sm:p-6">
        <Card>
          <CardBody>
            <Suspense fallback={<ListLoading label="Loading the graph" />}>
              <TopologyGraph actAs={actAs} />
            </Suspense>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
