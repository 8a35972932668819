import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { Card, CardHeader, CardTitle, Panel } from '../../components/ui/card';
import { gen3dQueries } from '../../features/gen3d/api/queries';
import { CreditsPanel } from '../../features/gen3d/components/credits-panel';
import { PreviewForm } from '../../features/gen3d/components/preview-form';
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
      <PageHeader title="3D tasks" description="Queue text-to-3D previews, watch them finish, open a model to view, refine or download it." />
      <div className="grid grid-cols-[21rem_minmax(0,1fr)] items-start gap-6 p-6 2xl:grid-cols-[26rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <Panel title="New preview">
            <PreviewForm key={prompt ?? ''} initialPrompt={prompt ?? ''} />
          </Panel>
          <CreditsPanel />
        </div>
        <Card>
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
