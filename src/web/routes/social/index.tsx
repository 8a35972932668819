import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { parseQuery } from '../../../contracts/social/search-syntax';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { Card, Panel } from '../../components/ui/card';
import { socialQueries, type Order } from '../../features/social/api/queries';
import { rememberSearch } from '../../features/social/components/back-to-search';
import { GoToUser } from '../../features/social/components/go-to-user';
import { SearchForm } from '../../features/social/components/search-form';
import { SearchResults } from '../../features/social/components/search-results';
import { TrendsPanel } from '../../features/social/components/trends-panel';
import { textParam } from '../../lib/search-params';

const Search = z.object({
  q: textParam(512, { trim: false }),
  order: z.catch(z.optional(z.enum(['Latest', 'Top'])), undefined),
  /** Page size (1 to 100); the console's default when absent. */
  limit: z.catch(z.optional(z.int().check(z.gte(1), z.lte(100))), undefined),
});

export const Route = createFileRoute('/social/')({
  validateSearch: (search) => Search.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Only a query that reads is sent; a wrong one shows its reason on the page instead.
    if (deps.q && parseQuery(deps.q).ok)
      void context.queryClient.prefetchInfiniteQuery(socialQueries.search(deps.q.trim(), deps.order ?? 'Latest', deps.limit));
  },
  component: SocialSearchPage,
});

const examples = ['coffee lang:en', '"machine learning" min_faves:50', '#travel filter:media', 'filter:verified min_retweets:20', 'music OR concert -lang:en'];

function SocialSearchPage() {
  const { q = '', order = 'Latest', limit } = Route.useSearch();
  const navigate = Route.useNavigate();
  const search = (next: { q?: string; order?: Order }) => void navigate({ search: (prev) => ({ ...prev, ...next }) });
  const valid = q !== '' && parseQuery(q).ok;
  // While the form shows a problem with a new query, the last query's results are not shown under it.
  const [problem, setProblem] = useState(false);
  useEffect(() => rememberSearch({ q, order }), [q, order]);
  return (
    <>
      <PageHeader title="Social" description="Search public posts with the platform's syntax, open posts and users, follow what trends." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="flex min-w-0 flex-col">
          <div className="border-b border-border p-4">
            <SearchForm q={q} order={order} onSearch={(next) => search({ q: next })} onOrder={(next) => search({ order: next })} onProblem={setProblem} />
          </div>
          {valid && problem ? (
            <p className="p-6 text-muted" role="status">
              Results are hidden until the query above reads: they belong to the last search, not to what the box holds now.
            </p>
          ) : valid ? (
            // The list scrolls itself (it is virtualized): as tall as the window allows with the form
            // closed; an open filter panel pushes it down and the page scrolls.
            <SearchResults q={q.trim()} order={order} limit={limit} className="h-[calc(100vh-17rem)] min-h-96" />
          ) : (
            <div className="p-6 text-muted">
              <p>{q ? 'Fix the query above to search.' : 'Type a query, or open Filters to build one. Some to try:'}</p>
              {!q ? (
                <ul className="mt-3 flex flex-wrap gap-2" aria-label="Example queries">
                  {examples.map((e) => (
                    <li key={e}>
                      <Link
                        to="/social"
                        search={{ q: e }}
                        className="rounded border border-border bg-surface-2 px-2 py-1 font-mono text-sm text-fg hover:border-accent"
                      >
                        {e}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          )}
        </Card>
        <aside className="flex min-w-0 flex-col gap-4 sm:gap-6" aria-label="Users and trends">
          <Panel title="Go to user">
            <GoToUser />
            <Link to="/social/people" className="mt-3 inline-block text-sm text-accent hover:underline">
              Search people by name or bio →
            </Link>
          </Panel>
          <TrendsPanel />
        </aside>
      </div>
    </>
  );
}
