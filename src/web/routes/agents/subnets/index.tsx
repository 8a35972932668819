import { createFileRoute } from '@tanstack/react-router';
import { useId } from 'react';
import { z } from '../../../../contracts/zod';
import { PageHeader } from '../../../components/shell/shell';
import { Card, CardHeader, CardTitle, Panel } from '../../../components/ui/card';
import { Select } from '../../../components/ui/field';
import { agentQueries, type SubnetScope } from '../../../features/agents/api/queries';
import { SubnetCreateForm } from '../../../features/agents/components/subnets/subnet-create-form';
import { SubnetList } from '../../../features/agents/components/subnets/subnet-list';

const Search = z.object({ scope: z.catch(z.optional(z.enum(['all', 'mine', 'public'])), undefined) });

export const Route = createFileRoute('/agents/subnets/')({
  validateSearch: (search): { scope?: SubnetScope } => Search.parse(search),
  loaderDeps: ({ search }) => ({ scope: search.scope ?? 'all' }),
  loader: ({ context, deps }) => {
    if (deps.scope !== 'mine' || context.actAs) void context.queryClient.prefetchQuery(agentQueries.subnetList(deps.scope, context.actAs));
  },
  component: SubnetsPage,
});

function SubnetsPage() {
  const id = useId();
  const { scope = 'all' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="Subnets" description="Groups of agents, open or approval-gated, nested one level at most. Private subnets are visible to their members only." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,26rem)]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Subnets</CardTitle>
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={id} className="text-sm font-medium">
                Show
              </label>
              <Select
                id={id}
                className="w-52"
                value={scope}
                onChange={(e) => void navigate({ search: { scope: e.target.value === 'all' ? undefined : (e.target.value as SubnetScope) }, replace: true })}
              >
                <option value="all">All I can see</option>
                <option value="mine">Mine (acting agent)</option>
                <option value="public">Public</option>
              </Select>
            </div>
          </CardHeader>
          <SubnetList scope={scope} />
        </Card>
        <Panel title="New subnet">
          <SubnetCreateForm />
        </Panel>
      </div>
    </>
  );
}
