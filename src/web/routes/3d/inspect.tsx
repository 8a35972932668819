import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/shell/shell';
import { LocalModelInspector } from '../../features/gen3d/components/local-model-inspector';

export const Route = createFileRoute('/3d/inspect')({
  component: InspectPage,
});

function InspectPage() {
  return (
    <>
      <PageHeader
        title="Inspect a GLB"
        description="Drop or pick any GLB on this computer to view it, play its clips, check it for printing and validate it. The file stays in the browser."
        actions={
          <Link to="/3d" className="text-sm whitespace-nowrap text-accent hover:underline">
            ← All tasks
          </Link>
        }
      />
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <LocalModelInspector />
      </div>
    </>
  );
}
