import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { gen3dQueries } from '../../features/gen3d/api/queries';
import { CreditsSummary } from '../../features/gen3d/components/credits-summary';
import { NewPreviewPanel } from '../../features/gen3d/components/new-preview-panel';
import { TaskQueue } from '../../features/gen3d/components/task-queue';

/** `?prompt=` fills the form (Edit and retry from a failed task). */
const Search = z.object({ prompt: z.optional(z.catch(z.string().check(z.maxLength(2000)), '')) });

export const Route = createFileRoute('/3d/')({
  validateSearch: Search,
  loader: ({ context }) => void context.queryClient.prefetchQuery(gen3dQueries.tasks()),
  component: Gen3dPage,
});

function Gen3dPage() {
  const { prompt } = Route.useSearch();
  return (
    <>
      <PageHeader
        title="3D tasks"
        description="Queue text-to-3D previews, watch them finish, open a model to view, refine or download it."
        actions={
          <span className="flex flex-wrap gap-3 text-sm whitespace-nowrap">
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
          <CreditsSummary />
        </div>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Queue</CardTitle>
            <p className="text-sm text-muted">Every task created from this console, newest first. * = charged, refunded if the task fails.</p>
          </CardHeader>
          <TaskQueue />
        </Card>
      </div>
    </>
  );
}
