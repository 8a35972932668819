import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { WORKFLOW_ID } from '../../../../contracts/social';
import { PageHeader } from '../../../components/shell/shell';
import { Panel } from '../../../components/ui/card';
import { wfQueries } from '../../../features/social/api/workflows';
import { DrawResult } from '../../../features/social/components/workflows/draw-view';
import { formatDateTime } from '../../../lib/format-extra';
import { ensureRecord, requireShape } from '../../../lib/loaders';

export const Route = createFileRoute('/social/draws/$drawId')({
  loader: ({ context, params }) => {
    requireShape(WORKFLOW_ID.test(params.drawId), 'Draw', `"${params.drawId}" is not a draw id.`);
    return ensureRecord(context.queryClient, wfQueries.draw(params.drawId), 'Draw');
  },
  component: DrawPage,
});

function DrawPage() {
  const { drawId } = Route.useParams();
  const { data: draw } = useSuspenseQuery(wfQueries.draw(drawId));
  const when = draw.drawnAt ?? draw.createdAt;
  return (
    <>
      <PageHeader
        title={draw.tweetAuthor ? `Draw: giveaway by @${draw.tweetAuthor}` : `Draw ${draw.id}`}
        description={when ? `Drawn ${formatDateTime(when)}` : undefined}
        actions={
          <Link to="/social/draws" className="text-sm text-accent hover:underline">
            ← All draws
          </Link>
        }
      />
      <div className="flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
        {draw.tweetId ? (
          <p className="text-sm">
            From the replies to{' '}
            <Link to="/social/posts/$postId" params={{ postId: draw.tweetId }} className="text-accent hover:underline">
              {draw.tweetText ? `“${draw.tweetText.slice(0, 120)}${draw.tweetText.length > 120 ? '…' : ''}”` : `post ${draw.tweetId}`}
            </Link>
          </p>
        ) : null}
        <Panel title="Result">
          <DrawResult draw={draw} />
        </Panel>
      </div>
    </>
  );
}
