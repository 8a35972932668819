import { z } from 'zod';
import { USERNAME } from '../../../contracts/social';

/**
 * What the sandbox answers, exactly (strict objects): the response schemas of /openapi.json,
 * and what the tests hold real answers to, so the description cannot drift from the service.
 */

const Id = z.string().regex(/^\d+$/).describe('Numeric string id');
const Count = z.int().min(0);
const When = z.iso.datetime().describe('ISO 8601, UTC');

export const UserOut = z
  .strictObject({
    id: Id,
    name: z.string(),
    username: z.string().regex(USERNAME),
    description: z.string(),
    followers: Count,
    following: Count,
    verified: z.boolean().describe('Legacy verification'),
    isBlueVerified: z.boolean(),
    profilePicture: z.url(),
    location: z.string(),
    createdAt: When,
    statusesCount: Count,
  })
  .describe('A user');

export const MediaOut = z.strictObject({
  id: z.string(),
  mediaKey: z.string(),
  type: z.enum(['photo', 'video', 'animated_gif']),
  mediaUrl: z.url().describe('A PNG (for videos and GIFs: the poster frame)'),
  url: z.url().describe('The post’s link to the picture'),
  displayUrl: z.string(),
  expandedUrl: z.url(),
  width: z.int().positive(),
  height: z.int().positive(),
  altText: z.string().optional().describe('Absent when the picture has no description'),
});

export const PostOut: z.ZodType<unknown> = z
  .strictObject({
    id: Id,
    text: z.string(),
    likeCount: Count,
    retweetCount: Count,
    replyCount: Count,
    quoteCount: Count,
    viewCount: Count,
    bookmarkCount: Count,
    createdAt: When,
    lang: z.string(),
    conversationId: Id.describe('Id of the first post of the conversation'),
    inReplyToId: Id.optional().describe('Present on replies'),
    isReply: z.boolean(),
    media: z.array(MediaOut).min(1).max(4).optional(),
    author: UserOut,
    get quoted_tweet() {
      return PostOut.optional().describe('The quoted post (quotes)');
    },
    get retweeted_tweet() {
      return PostOut.optional().describe('The reposted post (reposts)');
    },
    url: z.url(),
  })
  .describe('A post');

const pageFields = { has_next_page: z.boolean(), next_cursor: z.string().describe('Opaque; empty on the last page') };
export const PostPageOut = z.strictObject({ tweets: z.array(PostOut), ...pageFields }).describe('A page of posts; can be empty and still have a next page');
export const UserPageOut = z.strictObject({ users: z.array(UserOut), ...pageFields }).describe('A page of users');
export const PostLookupOut = z.strictObject({ tweet: PostOut, author: UserOut });
export const PostsOut = z.strictObject({ tweets: z.array(PostOut), has_next_page: z.boolean(), next_cursor: z.string() }).describe('The posts found, in the order asked; unknown ids are left out');
export const UsersOut = z.strictObject({
  users: z.array(UserOut),
  has_next_page: z.boolean(),
  next_cursor: z.string(),
  requested_count: Count,
  processed_count: Count,
  returned_count: Count,
  unavailable_ids: z.array(z.string()),
  unprocessed_ids: z.array(z.string()),
}).describe('The users found, in the order asked; unknown ids are left out');
export const TrendsOut = z.strictObject({
  trends: z.array(z.strictObject({ name: z.string(), query: z.string(), rank: z.int().positive(), tweetCount: Count })),
  count: Count,
  woeid: z.int(),
});
export const AccountTrendsOut = z.strictObject({
  total: Count,
  trends: z.array(z.strictObject({ name: z.string(), query: z.string(), rank: z.int().positive(), tweetVolume: Count, description: z.string(), url: z.url() })),
  woeid: z.int(),
});
const Amount = z.string().regex(/^\d+$/);
export const CreditsOut = z.strictObject({
  balance: Amount,
  lifetime_purchased: Amount,
  lifetime_used: Amount,
  auto_topup_enabled: z.boolean(),
  auto_topup_threshold: Amount,
  auto_topup_amount_dollars: z.number().min(0),
});
export const ErrorOut = z.strictObject({
  error: z.string().regex(/^[a-z0-9_]+$/).describe('invalid_input, unauthenticated, not_found, rate_limited, ...'),
  message: z.string(),
  retryAfter: z.int().min(1).optional().describe('Seconds, on 429'),
});

/** Component name → schema. */
export const components = {
  User: UserOut,
  Media: MediaOut,
  Post: PostOut,
  PostPage: PostPageOut,
  UserPage: UserPageOut,
  PostLookup: PostLookupOut,
  Posts: PostsOut,
  Users: UsersOut,
  Trends: TrendsOut,
  AccountTrends: AccountTrendsOut,
  Credits: CreditsOut,
  Error: ErrorOut,
} as const;
export type ComponentName = keyof typeof components;
