import { useInfiniteQuery } from '@tanstack/react-query';
import type { SocialUser } from '../../../../contracts/social';
import { socialQueries } from '../api/queries';
import { isPeopleTab, userTabs, type UserPeopleTab, type UserTab } from '../tabs';
import { PostFeed, UserFeed } from './feeds';

const empties: Record<UserTab, (u: SocialUser) => string> = {
  posts: (u) => `@${u.username} has not posted yet.`,
  replies: (u) => `@${u.username} has not replied to anyone.`,
  media: (u) => `@${u.username} has posted no pictures or videos.`,
  likes: (u) => `@${u.username} has liked no posts, or keeps likes private.`,
  mentions: (u) => `Nobody has mentioned @${u.username}.`,
  followers: (u) => `Nobody follows @${u.username} yet.`,
  following: (u) => `@${u.username} follows nobody.`,
  verified: (u) => `No verified account follows @${u.username}.`,
};

function PostsOf({ user, tab, className }: { user: SocialUser; tab: Exclude<UserTab, UserPeopleTab>; className?: string }) {
  const query = useInfiniteQuery(socialQueries.userPosts(user.id, userTabs[tab].list));
  return <PostFeed query={query} label={`${userTabs[tab].label} of @${user.username}`} empty={empties[tab](user)} className={className} />;
}

function UsersOf({ user, tab, className }: { user: SocialUser; tab: UserPeopleTab; className?: string }) {
  const query = useInfiniteQuery(socialQueries.userUsers(user.id, userTabs[tab].list));
  return <UserFeed query={query} label={`${userTabs[tab].label} of @${user.username}`} empty={empties[tab](user)} className={className} />;
}

/** The list a user page's tab shows. */
export function UserList({ user, tab, className }: { user: SocialUser; tab: UserTab; className?: string }) {
  return isPeopleTab(tab) ? (
    <UsersOf key={tab} user={user} tab={tab} className={className} />
  ) : (
    <PostsOf key={tab} user={user} tab={tab} className={className} />
  );
}
