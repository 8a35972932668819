import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { textParam } from '../../lib/search-params';
import { gen3dQueries } from '../../features/gen3d/api/queries';
import { CreditsSummary } from '../../features/gen3d/components/credits-summary';
import { spendTotalsQuery } from '../../features/spend/api/totals';
import { NewPreviewPanel } from '../../features/gen3d/components/new-preview-panel';
import { QueueTools } from '../../features/gen3d/components/queue-tools';
import { TaskQueue } from '../../features/gen3d/components/task-queue';
import { statusFilters, type QueueFilters } from '../../features/gen3d/ledger-patch';
import { gen3dTaskTypes } from '../../../contracts/gen3d/task-types';

/** `?prompt=` fills the form (Edit and retry from a failed task); `?state=&type=&q=` filter the queue (`state`: a status, or several comma separated). */
const Search = z.object({
  prompt: z.optional(z.catch(z.string().check(z.maxLength(2000)), '')),
  state: z.catch(z.optional(z.enum(statusFilters.map((s) => s.value) as [string, ...string[]])), undefined),
  type: z.catch(z.optional(z.enum(gen3dTaskTypes)), undefined),
  q: textParam(200),
});

export const Route = createFileRoute('/3d/')({
  // The page `/` opens: loaded with the app rather than as chunks of its own (vite.config.ts).
  codeSplitGroupings: [],
  validateSearch: Search,
  loaderDeps: ({ search }) => ({ status: search.state, type: search.type, q: search.q }),
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(gen3dQueries.pages(deps)),
  component: Gen3dPage,
});

function Gen3dPage() {
  const { prompt, state: status, type, q } = Route.useSearch();
  const totals = useQuery(spendTotalsQuery('gen3d'));
  const filters = useMemo(() => ({ status, type, q }), [status, type, q]);
  const navigate = Route.useNavigate();
  const onFilters = useCallback((next: QueueFilters) => void navigate({ search: (s) => ({ prompt: s.prompt, state: next.status, type: next.type as typeof s.type, q: next.q }), replace: true }), [navigate]);
  return (
    <>
      <PageHeader
        title="3D tasks"
        description="Queue text-to-3D previews, watch them finish, open a model to view, refine or download it."
        actions={
          <span className="flex flex-wrap gap-3 text-sm whitespace-nowrap">
            <Link to="/3d/new" className="font-medium text-accent hover:underline">
              New task of another type →
            </Link>
            <Link to="/3d/compare" className="text-accent hover:underline">
              Compare models
            </Link>
            <Link to="/3d/inspect" className="text-accent hover:underline">
              Inspect a GLB file
            </Link>
          </span>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 lg:grid-cols-[21rem_minmax(0,1fr)] 2xl:grid-cols-[26rem_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <NewPreviewPanel prompt={prompt} />
          <CreditsSummary totals={totals.data} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Queue</CardTitle>
              <p className="text-sm text-muted">Every task created from this console, newest first. * = charged, refunded if the task fails.</p>
            </CardHeader>
            <TaskQueue filters={filters} onFilters={onFilters} />
          </Card>
          <QueueTools />
        </div>
      </div>
    </>
  );
}
