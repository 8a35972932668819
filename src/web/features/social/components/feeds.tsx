import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import type { Post, SocialUser } from '../../../../contracts/social';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { PostCard } from './post-card';
import { UserRow } from './user-row';

type Pages<T> = UseInfiniteQueryResult<InfiniteData<{ items: T[]; hasNext: boolean }>>;

const postKey = (p: Post) => p.id;
const userKey = (u: SocialUser) => u.id;
const userRow = (u: SocialUser) => <UserRow user={u} />;

/** A paginated, virtualized list of post cards (one post may be marked as the current one). */
export function PostFeed({
  query,
  label,
  empty,
  current,
  className,
}: {
  query: Pages<Post>;
  label: string;
  empty: ReactNode;
  current?: string;
  className?: string;
}) {
  const render = useCallback((p: Post) => <PostCard post={p} highlight={p.id === current} />, [current]);
  return <InfiniteList query={query} getKey={postKey} renderItem={render} estimateSize={150} label={label} noun="posts" empty={empty} className={className} />;
}

/** A paginated, virtualized list of users. */
export function UserFeed({ query, label, empty, className }: { query: Pages<SocialUser>; label: string; empty: ReactNode; className?: string }) {
  return <InfiniteList query={query} getKey={userKey} renderItem={userRow} estimateSize={76} label={label} noun="users" empty={empty} className={className} />;
}
