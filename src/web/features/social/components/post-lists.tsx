import { useInfiniteQuery } from '@tanstack/react-query';
import type { Post } from '../../../../contracts/social';
import { socialQueries } from '../api/queries';
import { postTabs, type PostTab } from '../tabs';
import { PostFeed, UserFeed } from './feeds';

const empties: Record<PostTab, string> = {
  replies: 'No replies to this post yet.',
  thread: 'This post is the whole conversation.',
  quotes: 'Nobody has quoted this post.',
  reposts: 'Nobody has reposted this post.',
  likes: 'Nobody has liked this post yet.',
};

function PostsAbout({ post, tab, className }: { post: Post; tab: 'replies' | 'thread' | 'quotes'; className?: string }) {
  const query = useInfiniteQuery(socialQueries.postPosts(post.id, postTabs[tab].list));
  const label = tab === 'thread' ? 'Conversation of this post' : `${postTabs[tab].label} of this post`;
  return <PostFeed query={query} label={label} empty={empties[tab]} current={tab === 'thread' ? post.id : undefined} className={className} />;
}

function UsersAbout({ post, tab, className }: { post: Post; tab: 'reposts' | 'likes'; className?: string }) {
  const query = useInfiniteQuery(socialQueries.postUsers(post.id, postTabs[tab].list));
  return <UserFeed query={query} label={`${postTabs[tab].label} (this post)`} empty={empties[tab]} className={className} />;
}

/** The list a post page's tab shows. */
export function PostLists({ post, tab, className }: { post: Post; tab: PostTab; className?: string }) {
  return tab === 'reposts' || tab === 'likes' ? (
    <UsersAbout key={tab} post={post} tab={tab} className={className} />
  ) : (
    <PostsAbout key={tab} post={post} tab={tab} className={className} />
  );
}
