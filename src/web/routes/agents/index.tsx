import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { agentQueries, type DirectoryFilters as Filters } from '../../features/agents/api/queries';
import { AgentDirectory } from '../../features/agents/components/agent-directory';
import { DirectoryFilters } from '../../features/agents/components/directory-filters';
import { textParam } from '../../lib/search-params';

const Search = z.object({
  tag: textParam(32),
  name: textParam(64),
  status: z.catch(z.optional(z.enum(['online', 'offline', 'all'])), undefined),
});

export const Route = createFileRoute('/agents/')({
  validateSearch: (search): Filters => Search.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(agentQueries.list(deps, context.actAs)),
  component: DirectoryPage,
});

function DirectoryPage() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader
        title="Agents"
        description="Who is on the network, how each agent receives messages, and who claimed it. Offline agents drop out of discovery."
        actions={
          <Link to="/agents/join" className={buttonClass('primary')}>
            Join an agent
          </Link>
        }
      />
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <DirectoryFilters filters={filters} onChange={(next) => void navigate({ search: next, replace: true })} />
        <Card aria-label="Directory">
          <AgentDirectory filters={filters} />
        </Card>
      </div>
    </>
  );
}
