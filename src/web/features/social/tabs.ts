import type { PostList, UserList } from '../../../contracts/social';

/** The lists of a user page: tab (in the URL) → label and the service's list. */
export const userTabs = {
  posts: { label: 'Posts', list: 'tweets', users: false },
  replies: { label: 'Replies', list: 'replies', users: false },
  media: { label: 'Media', list: 'media', users: false },
  likes: { label: 'Likes', list: 'likes', users: false },
  mentions: { label: 'Mentions', list: 'mentions', users: false },
  followers: { label: 'Followers', list: 'followers', users: true },
  following: { label: 'Following', list: 'following', users: true },
  verified: { label: 'Verified followers', list: 'verified-followers', users: true },
} as const satisfies Record<string, { label: string; list: UserList; users: boolean }>;
export type UserTab = keyof typeof userTabs;
/** The user page tabs that list people rather than posts. */
export type UserPeopleTab = { [K in UserTab]: (typeof userTabs)[K]['users'] extends true ? K : never }[UserTab];
export const isPeopleTab = (tab: UserTab): tab is UserPeopleTab => userTabs[tab].users;
export const userTabNames = Object.keys(userTabs) as [UserTab, ...UserTab[]];

/** The lists of a post page. */
export const postTabs = {
  replies: { label: 'Replies', list: 'replies', users: false },
  thread: { label: 'Thread', list: 'thread', users: false },
  quotes: { label: 'Quotes', list: 'quotes', users: false },
  reposts: { label: 'Reposted by', list: 'retweeters', users: true },
  likes: { label: 'Liked by', list: 'favoriters', users: true },
} as const satisfies Record<string, { label: string; list: PostList; users: boolean }>;
export type PostTab = keyof typeof postTabs;
export const postTabNames = Object.keys(postTabs) as [PostTab, ...PostTab[]];

/** A `?tab=` value as a tab of the page, the first tab when it names none. */
export const postTabOf = (v: string | undefined): PostTab => (v && v in postTabs ? (v as PostTab) : 'replies');
export const userTabOf = (v: string | undefined): UserTab => (v && v in userTabs ? (v as UserTab) : 'posts');
