import { createFileRoute, Link } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { Card } from '../../components/ui/card';
import { socialQueries } from '../../features/social/api/queries';
import { BackToSearch } from '../../features/social/components/back-to-search';
import { UserFeed } from '../../features/social/components/feeds';
import { PeopleSearchForm } from '../../features/social/components/people-search-form';
import { textParam } from '../../lib/search-params';

const Search = z.object({ q: textParam(100) });

export const Route = createFileRoute('/social/people')({
  validateSearch: (search) => Search.parse(search),
  loaderDeps: ({ search }) => ({ q: search.q }),
  loader: ({ context, deps }) => {
    if (deps.q) void context.queryClient.prefetchInfiniteQuery(socialQueries.people(deps.q));
  },
  component: PeopleSearchPage,
});

function People({ q }: { q: string }) {
  const query = useInfiniteQuery(socialQueries.people(q));
  return <UserFeed query={query} label={`People matching “${q}”`} empty={`Nobody’s name, user name or bio matches “${q}”.`} className="h-[calc(100vh-15rem)] min-h-96" />;
}

function PeopleSearchPage() {
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="People" description="Find accounts by name, user name or words in their bio; the most followed come first." actions={<BackToSearch />} />
      <div className="p-4 sm:p-6">
        <Card className="flex min-w-0 max-w-4xl flex-col">
          <div className="border-b border-border p-4">
            <PeopleSearchForm key={q} q={q ?? ''} onSearch={(next) => void navigate({ search: { q: next } })} />
          </div>
          {q ? (
            <People key={q} q={q} />
          ) : (
            <p className="p-6 text-muted">
              Type a name or a few words. To open one account directly, use{' '}
              <Link to="/social" className="text-accent underline">
                Go to user
              </Link>{' '}
              on the search page.
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
