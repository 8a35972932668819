import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { NUMERIC_ID } from '../../../../contracts/social/routes';
import { z } from '../../../../contracts/zod';
import { PageHeader } from '../../../components/shell/shell';
import { Card } from '../../../components/ui/card';
import { socialQueries } from '../../../features/social/api/queries';
import { BackToSearch } from '../../../features/social/components/back-to-search';
import { PostCard } from '../../../features/social/components/post-card';
import { PostLists } from '../../../features/social/components/post-lists';
import { postTabNames, postTabs } from '../../../features/social/tabs';
import { ApiRequestError } from '../../../lib/api';
import { ListTabs } from '../-components/list-tabs';
import { RecordError } from '../-components/record-error';

const Search = z.object({ tab: z.catch(z.optional(z.enum(postTabNames)), undefined) });

export const Route = createFileRoute('/social/posts/$postId')({
  // The loader and what it needs (query options, record schemas) load with the page, not with the console's first page.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent']],
  validateSearch: (search) => Search.parse(search),
  loader: ({ context, params }) => {
    if (!NUMERIC_ID.test(params.postId)) {
      const message = `"${params.postId}" is not a post id: post ids are digits only.`;
      throw new ApiRequestError({ status: 400, code: 'invalid_input', message, retryAfter: null, field: 'postId' });
    }
    return context.queryClient.ensureQueryData(socialQueries.post(params.postId));
  },
  errorComponent: PostError,
  component: PostPage,
});

function PostPage() {
  const { postId } = Route.useParams();
  const { tab = 'replies' } = Route.useSearch();
  const { data: post } = useSuspenseQuery(socialQueries.post(postId));
  // The lists of a repost are those of the post it reposts.
  const subject = post.reposted ?? post;
  const author = subject.author;
  return (
    <div className="flex h-full flex-col">
      <PageHeader
        title={author ? `Post by ${author.name} (@${author.username})` : 'Post'}
        description={<span className="font-mono">{post.id}</span>}
        actions={
          <BackToSearch />
        }
      />
      <div className="grid min-h-0 flex-1 grid-cols-[minmax(22rem,28rem)_minmax(0,1fr)] gap-6 p-6">
        <div className="min-h-0 overflow-auto">
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
        </div>
        <Card className="flex min-h-[28rem] flex-col">
          <ListTabs label="Post lists" tabs={postTabs} current={tab} />
          <PostLists post={subject} tab={tab} className="min-h-0 flex-1" />
        </Card>
      </div>
    </div>
  );
}

function PostError({ error }: ErrorComponentProps) {
  return <RecordError error={error} what="Post" />;
}
