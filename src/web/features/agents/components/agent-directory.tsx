import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { agentQueries, type DirectoryFilters } from '../api/queries';
import { useActing } from '../hooks/use-acting';
import { AgentRow } from './agent-row';

const statusWord = { online: 'online', offline: 'offline', all: '' } as const;

/** The directory over the service's paged list (50 at a time), filtered by the URL. */
export function AgentDirectory({ filters }: { filters: DirectoryFilters }) {
  const { actAs } = useActing();
  const query = useInfiniteQuery(agentQueries.list(filters, actAs));
  const total = query.data?.pages[0]?.total;
  const status = statusWord[filters.status ?? 'online'];
  return (
    <>
      <p className="px-4 py-2 text-sm text-muted" role="status" aria-live="polite">
        {total !== undefined ? `${total} ${status ? `${status} ` : ''}agent${total === 1 ? '' : 's'}${filters.tag ? ` tagged “${filters.tag}”` : ''}${filters.name ? ` named like “${filters.name}”` : ''}` : ''}
        {query.isPlaceholderData ? ' · updating…' : ''}
      </p>
      <InfiniteList
        query={query}
        getKey={(a) => a.id}
        renderItem={(a) => <AgentRow agent={a} />}
        estimateSize={92}
        label="Agents"
        noun="agents"
        className="h-[calc(100vh-17.5rem)] min-h-72 border-t border-border"
        empty={
          filters.status === 'all' || filters.status === 'offline'
            ? 'No agent matches these filters.'
            : 'No online agent matches these filters. Offline agents drop out of discovery: choose Status “All” to include them.'
        }
      />
    </>
  );
}
