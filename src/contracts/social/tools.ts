/**
 * The 23 extraction tools of the live-service notes (docs/live-services.md#social-data--extractions) and the target each one takes. One list for the
 * request schema, the sandbox's jobs, the price table and the console's tool picker.
 */
import type { TargetKind, ToolType } from './tool-names';

export { jobStatuses, toolTargets, toolTypes, type TargetKind, type ToolType } from './tool-names';

/** Tools whose rows are users (the others give posts, with their authors). */
export const userTools: ReadonlySet<ToolType> = new Set([
  'repost_extractor',
  'favoriters',
  'follower_explorer',
  'following_explorer',
  'verified_follower_explorer',
  'community_extractor',
  'community_moderator_explorer',
  'list_follower_explorer',
  'list_member_extractor',
  'space_explorer',
  'people_search',
]);

/** The request field that names each kind of target (docs/live-services.md#social-data--extractions). */
export const targetField: Record<TargetKind, string> = {
  tweet: 'targetTweetId',
  username: 'targetUsername',
  userId: 'targetUserId',
  community: 'targetCommunityId',
  list: 'targetListId',
  space: 'targetSpaceId',
  query: 'searchQuery',
};

/** The post id in a post URL (`https://x.com/a/status/123`) or a bare id. */
export function postIdOf(input: string): string | null {
  const s = input.trim();
  if (/^\d{1,25}$/.test(s)) return s;
  const m = /^https?:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/[A-Za-z0-9_]{1,15}\/status(?:es)?\/(\d{1,25})(?:[/?#].*)?$/.exec(s);
  return m ? (m[1] as string) : null;
}

/** The seven export formats (docs/live-services.md#social-data--extractions); PDF holds fewer rows. */
export const exportFormats = ['csv', 'json', 'md', 'md-document', 'pdf', 'txt', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const EXPORT_MAX_ROWS = 100_000;
export const PDF_MAX_ROWS = 10_000;

/** Event types of monitors (the SDK's enum), and the test button's. */
export const eventTypes = [
  'tweet.new',
  'tweet.reply',
  'tweet.retweet',
  'tweet.quote',
  'tweet.media',
  'tweet.link',
  'tweet.poll',
  'tweet.mention',
  'tweet.hashtag',
  'tweet.longform',
  'profile.avatar.changed',
  'profile.banner.changed',
  'profile.name.changed',
  'profile.username.changed',
  'profile.bio.changed',
  'profile.location.changed',
  'profile.url.changed',
  'profile.verified.changed',
  'profile.protected.changed',
  'profile.pinned_tweet.changed',
  'profile.unavailable.changed',
] as const;
export type EventType = (typeof eventTypes)[number];
export const TEST_EVENT = 'webhook.test';
