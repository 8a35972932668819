import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { NUMERIC_ID } from '../../../../contracts/social/routes';
import { z } from '../../../../contracts/zod';
import { PageHeader } from '../../../components/shell/shell';
import { Card } from '../../../components/ui/card';
import { socialQueries } from '../../../features/social/api/queries';
import { BackToSearch } from '../../../features/social/components/back-to-search';
import { PostCard } from '../../../features/social/components/post-card';
import { PostLists } from '../../../features/social/components/post-lists';
import { PostActions } from '../../../features/social/components/workflows/writes';
import { postTabOf, postTabs } from '../../../features/social/tabs';
import { textParam } from '../../../lib/search-params';
import { ensureRecord, requireShape } from '../../../lib/loaders';
import { ListTabs } from '../-components/list-tabs';

/** The tab is read as text here and matched to the page's tabs in the component (the tab list loads with the page). */
const Search = z.object({ tab: textParam(20) });

export const Route = createFileRoute('/social/posts/$postId')({
  validateSearch: (search) => Search.parse(search),
  loader: ({ context, params }) => {
    requireShape(NUMERIC_ID.test(params.postId), 'Post', `"${params.postId}" is not a post id: post ids are digits only.`);
    return ensureRecord(context.queryClient, socialQueries.post(params.postId), 'Post');
  },
  component: PostPage,
});

function PostPage() {
  const { postId } = Route.useParams();
  const tab = postTabOf(Route.useSearch().tab);
  const { data: post } = useSuspenseQuery(socialQueries.post(postId));
  // The lists of a repost are those of the post it reposts.
  const subject = post.reposted ?? post;
  const author = subject.author;
  return (
    <div className="flex h-full flex-col">
      <PageHeader
        title={author ? `Post by ${author.name} (@${author.username})` : 'Post'}
        description={<span className="break-all font-mono">{post.id}</span>}
        actions={<BackToSearch />}
      />
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 p-4 sm:gap-6 sm:p-6 lg:grid-cols-[minmax(20rem,28rem)_minmax(0,1fr)]">
        <div className="min-w-0 lg:min-h-0 lg:overflow-auto">
          <Card aria-label="The post" className="overflow-hidden">
            <PostCard post={post} />
            {subject.url ? (
              <p className="px-4 py-2 text-sm">
                <a href={subject.url} target="_blank" rel="noopener noreferrer" className="text-accent hover:underline">
                  Open on the platform
                </a>
              </p>
            ) : null}
          </Card>
          <Card aria-label="Act as the connected account" className="mt-4">
            <PostActions postId={subject.id} />
          </Card>
        </div>
        <Card className="flex h-[80vh] min-h-[28rem] min-w-0 flex-col lg:h-auto">
          <ListTabs label="Post lists" tabs={postTabs} current={tab} />
          <PostLists post={subject} tab={tab} className="min-h-0 flex-1" />
        </Card>
      </div>
    </div>
  );
}
