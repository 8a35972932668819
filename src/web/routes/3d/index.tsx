import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/shell/shell';
import { Card, CardHeader, CardTitle, Panel } from '../../components/ui/card';
import { gen3dQueries } from '../../features/gen3d/api/queries';
import { CreditsPanel } from '../../features/gen3d/components/credits-panel';
import { PreviewForm } from '../../features/gen3d/components/preview-form';
import { TaskQueue } from '../../features/gen3d/components/task-queue';

export const Route = createFileRoute('/3d/')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(gen3dQueries.tasks()),
  component: Gen3dPage,
});

function Gen3dPage() {
  return (
    <>
      <PageHeader title="3D tasks" description="Queue text-to-3D previews, watch them finish, open a model to view, refine or download it." />
      <div className="grid grid-cols-[minmax(22rem,26rem)_minmax(0,1fr)] items-start gap-6 p-6">
        <div className="flex flex-col gap-6">
          <Panel title="New preview">
            <PreviewForm />
          </Panel>
          <CreditsPanel />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Queue</CardTitle>
            <p className="text-sm text-muted">Every task created from this console, newest first. * = credits to be charged.</p>
          </CardHeader>
          <TaskQueue />
        </Card>
      </div>
    </>
  );
}
