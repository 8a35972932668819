import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { Panel } from '../../components/ui/card';
import { socialQueries } from '../../features/social/api/queries';
import { PlaceTrends, places } from '../../features/social/components/place-trends';

const Search = z.object({ woeid: z.catch(z.optional(z.int().check(z.gte(1), z.lte(99_999_999))), undefined) });

export const Route = createFileRoute('/social/trends')({
  validateSearch: (search) => Search.parse(search),
  loaderDeps: ({ search }) => ({ woeid: search.woeid ?? 1 }),
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(socialQueries.trends(deps.woeid, 50)),
  component: TrendsPage,
});

function TrendsPage() {
  const { woeid = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="Trends" description="Hashtags with the most recent posts, by place. Open one to search it." />
      <div className="p-4 sm:p-6">
        <Panel title={`Trending in ${places.find((p) => p.woeid === woeid)?.name ?? `place ${woeid}`}`} className="max-w-3xl">
          <PlaceTrends woeid={woeid} onPlace={(next) => void navigate({ search: { woeid: next === 1 ? undefined : next } })} />
        </Panel>
      </div>
    </>
  );
}
