import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/shell/shell';
import { Panel } from '../../../components/ui/card';
import { wfQueries } from '../../../features/social/api/workflows';
import { DrawForm } from '../../../features/social/components/workflows/draw-form';
import { DrawList } from '../../../features/social/components/workflows/draw-view';

export const Route = createFileRoute('/social/draws/')({
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(wfQueries.draws()),
  component: DrawsPage,
});

function DrawsPage() {
  return (
    <>
      <PageHeader title="Draws" description="Pick giveaway winners from a post's replies, with the filters an entry must pass." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,32rem)_minmax(0,1fr)]">
        <Panel title="New draw">
          <DrawForm />
        </Panel>
        <Panel title="Draws" flush>
          <DrawList />
        </Panel>
      </div>
    </>
  );
}
