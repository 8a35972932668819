import { Link } from '@tanstack/react-router';
import { memo, useMemo, type ReactNode } from 'react';
import type { Post, SocialUser } from '../../../../contracts/social';
import { cn } from '../../../lib/cn';
import { viewOf, type PostView } from '../format';
import { Avatar } from './avatar';
import { VerifiedMark } from './icons';
import { MediaGrid } from './media-grid';
import { PostCounts } from './post-counts';
import { PostText } from './post-text';

/** Name, verified mark and @username of an author, the name linked to their profile. */
export function AuthorLine({ user, children }: { user: SocialUser | null; children?: ReactNode }) {
  if (!user) return <span className="text-muted">Unknown author</span>;
  return (
    <span className="flex min-w-0 items-center gap-1">
      <Link to="/social/users/$user" params={{ user: user.username }} className="truncate font-semibold hover:underline" title={user.name}>
        {user.name}
      </Link>
      {user.verified || user.blueVerified ? <VerifiedMark blue={!user.verified} /> : null}
      <span className="truncate text-muted" title={`@${user.username}`}>
        @{user.username}
      </span>
      {children}
    </span>
  );
}

/** "· 3h", linked to the post, with the full date on hover. */
export function PostTime({ post, view }: { post: Post; view: PostView }) {
  if (!view.iso) return null;
  return (
    <>
      <span aria-hidden="true" className="text-muted">
        ·
      </span>
      <Link to="/social/posts/$postId" params={{ postId: post.id }} className="shrink-0 text-muted hover:underline">
        <span className="sr-only">Open post, </span>
        <time dateTime={view.iso} title={view.full}>
          {view.ago}
        </time>
      </Link>
    </>
  );
}

/** A quoted post, inline and smaller; its own links open it or its author. */
function QuotedPost({ post }: { post: Post }) {
  const view = useMemo(() => viewOf(post), [post]);
  return (
    <div className="mt-2 rounded-md border border-border p-3" aria-label="Quoted post" role="group">
      <div className="flex min-w-0 items-center gap-1.5 text-sm">
        <Avatar src={post.author?.avatar ?? null} name={post.author?.name ?? '?'} size="sm" />
        <AuthorLine user={post.author}>
          <PostTime post={post} view={view} />
        </AuthorLine>
      </div>
      <PostText pieces={view.pieces} lang={post.lang} title={post.text} className="mt-1 line-clamp-4 whitespace-pre-wrap break-words" />
      <MediaGrid media={post.media} compact />
    </div>
  );
}

/**
 * One post as a card: author, text, media, quoted post, counts; a repost shows the reposted post
 * under "… reposted". Memoized: a list re-renders its rows often (scrolling, pages arriving), the
 * post objects stay the same, so cards render once per mount; their strings come from `viewOf`.
 */
export const PostCard = memo(function PostCard({ post, highlight = false }: { post: Post; highlight?: boolean }) {
  const shown = post.reposted ?? post;
  const view = useMemo(() => viewOf(shown), [shown]);
  const repostView = useMemo(() => (post.reposted ? viewOf(post) : null), [post]);
  return (
    <div
      className={cn('border-b border-border px-4 py-3', highlight && 'border-l-2 border-l-accent bg-accent/10')}
      data-post-id={post.id}
      data-author={shown.author?.username}
      aria-current={highlight ? 'true' : undefined}
    >
      {post.reposted && repostView ? (
        <p className="mb-1 ml-13 flex items-center gap-1.5 text-sm text-muted">
          <span aria-hidden="true">↻</span>
          <Link to="/social/users/$user" params={{ user: post.author?.username ?? post.id }} className="font-medium hover:underline">
            {post.author?.name ?? 'Someone'}
          </Link>
          reposted
          {repostView.iso ? (
            <time dateTime={repostView.iso} title={repostView.full}>
              · {repostView.ago}
            </time>
          ) : null}
        </p>
      ) : null}
      <div className="flex gap-3">
        <Avatar src={shown.author?.avatar ?? null} name={shown.author?.name ?? '?'} />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-1.5">
            <AuthorLine user={shown.author}>
              <PostTime post={shown} view={view} />
            </AuthorLine>
          </div>
          {shown.isReply && shown.inReplyToId ? (
            <p className="text-sm text-muted">
              Replying to{' '}
              <Link to="/social/posts/$postId" params={{ postId: shown.inReplyToId }} className="text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent">
                a post
              </Link>
            </p>
          ) : null}
          <PostText pieces={view.pieces} lang={shown.lang} />
          <MediaGrid media={shown.media} />
          {shown.quoted ? <QuotedPost post={shown.quoted} /> : null}
          <PostCounts counts={view.counts} />
        </div>
      </div>
    </div>
  );
});
