/**
 * The extraction tools' names and the target each one takes: what the extractions page checks its
 * URL's `tool` with. A module of its own, loaded with that page: the route tree, read by every
 * page, checks only the URL's shape (job-statuses.ts) and brings neither this nor the rest of
 * tools.ts (event types, export formats) to the first page.
 */
export type TargetKind = 'tweet' | 'username' | 'userId' | 'community' | 'list' | 'space' | 'query';

export const toolTargets = {
  reply_extractor: 'tweet',
  repost_extractor: 'tweet',
  quote_extractor: 'tweet',
  thread_extractor: 'tweet',
  article_extractor: 'tweet',
  favoriters: 'tweet',
  follower_explorer: 'username',
  following_explorer: 'username',
  verified_follower_explorer: 'username',
  mention_extractor: 'username',
  post_extractor: 'username',
  user_likes: 'userId',
  user_media: 'userId',
  community_extractor: 'community',
  community_moderator_explorer: 'community',
  community_post_extractor: 'community',
  community_search: 'community',
  list_follower_explorer: 'list',
  list_member_extractor: 'list',
  list_post_extractor: 'list',
  space_explorer: 'space',
  people_search: 'query',
  tweet_search_extractor: 'query',
} as const satisfies Record<string, TargetKind>;

export type ToolType = keyof typeof toolTargets;
export const toolTypes = Object.keys(toolTargets) as ToolType[];

/** `s` when it names an extraction tool (a URL's `tool`, checked where it is used), else undefined. */
export const asToolType = (s: string | undefined): ToolType | undefined => (s !== undefined && Object.hasOwn(toolTargets, s) ? (s as ToolType) : undefined);

export { jobStatuses } from './job-statuses';
