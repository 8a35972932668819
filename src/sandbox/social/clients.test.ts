import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeSandbox } from './test-kit';

/**
 * What Xquik's official TypeScript SDK (x-twitter-scraper-typescript 0.12.4) sends and reads, for
 * the operations the sandbox imitates: its headers, its parameters, and the fields its types mark
 * required (src/resources/shared.ts, x/*.ts). A sandbox answer missing one breaks the SDK's callers.
 */
const sb = makeSandbox();
const sdkHeaders = {
  accept: 'application/json',
  'user-agent': 'XTwitterScraper/JS 0.12.4',
  'x-stainless-retry-count': '0',
  'x-stainless-timeout': '60',
  'x-stainless-lang': 'js',
  'x-stainless-package-version': '0.12.4',
  // The SDK sends both credentials when both are configured.
  authorization: 'Bearer xq_sdk_bearer_token',
};

const UserProfile = z.looseObject({ id: z.string(), name: z.string(), username: z.string() });
const TweetMedia = z.looseObject({ mediaUrl: z.string(), type: z.enum(['photo', 'video', 'animated_gif']), url: z.string(), altText: z.string().optional() });
const SearchTweet = z.looseObject({
  id: z.string(),
  text: z.string(),
  likeCount: z.number(),
  retweetCount: z.number(),
  replyCount: z.number(),
  quoteCount: z.number(),
  viewCount: z.number(),
  bookmarkCount: z.number(),
  author: UserProfile.optional(),
  media: z.array(TweetMedia).optional(),
});
const Paginated = <K extends string>(key: K, item: z.ZodType) => z.looseObject({ [key]: z.array(item), has_next_page: z.boolean(), next_cursor: z.string() });

describe('Xquik SDK against the sandbox', () => {
  it('x.tweets.search: SDK headers and parameters pass, every required field is answered', async () => {
    const res = await sb.call(`/api/v1/x/tweets/search?q=${encodeURIComponent('filter:media')}&queryType=Latest&limit=20&mode=standard&sinceTime=1700000000`, { headers: sdkHeaders });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const tweets = Paginated('tweets', SearchTweet).parse(res.body).tweets as Array<z.infer<typeof SearchTweet>>;
    expect(tweets.length).toBeGreaterThan(0);
    const media = tweets.flatMap((t) => t.media ?? []);
    expect(media.length).toBeGreaterThan(0);
    expect(media.every((m) => m.url.startsWith('https://x.com/'))).toBe(true);
  });

  it('x.tweets.retrieve: {tweet, author} with the author’s followers and verified', async () => {
    const id = sb.corpus().posts[100]!.id;
    const res = await sb.call(`/api/v1/x/tweets/${id}`, { headers: sdkHeaders });
    z.looseObject({ tweet: SearchTweet, author: UserProfile.extend({ followers: z.number(), verified: z.boolean() }) }).parse(res.body);
  });

  it('x.users.retrieveBatch: the paging fields and the counters', async () => {
    const ids = sb.corpus().users.slice(0, 3).map((u) => u.id);
    const res = await sb.call(`/api/v1/x/users/batch?ids=${[...ids, '999999999999'].join(',')}`, { headers: sdkHeaders });
    const body = z
      .looseObject({
        users: z.array(UserProfile),
        has_next_page: z.literal(false),
        next_cursor: z.string(),
        requested_count: z.number(),
        processed_count: z.number(),
        returned_count: z.number(),
        unavailable_ids: z.array(z.string()),
        unprocessed_ids: z.array(z.string()),
      })
      .parse(res.body);
    expect(body).toMatchObject({ requested_count: 4, returned_count: 3, unavailable_ids: ['999999999999'] });
  });

  it('x.users followers with pageSize, and user pages of posts', async () => {
    const name = sb.corpus().users[0]!.username;
    const followers = await sb.call(`/api/v1/x/users/${name}/followers?pageSize=50&mode=standard`, { headers: sdkHeaders });
    Paginated('users', UserProfile).parse(followers.body);
    const posts = await sb.call(`/api/v1/x/users/${name}/tweets?includeReplies=false`, { headers: sdkHeaders });
    Paginated('tweets', SearchTweet).parse(posts.body);
  });

  it('credits.retrieveBalance: snake_case strings, the auto top-up fields', async () => {
    const res = await sb.call('/api/v1/credits', { headers: sdkHeaders });
    z.looseObject({
      balance: z.string(),
      lifetime_purchased: z.string(),
      lifetime_used: z.string(),
      auto_topup_threshold: z.string(),
      auto_topup_amount_dollars: z.number(),
      auto_topup_enabled: z.boolean(),
    }).parse(res.body);
  });

  it('x.getTrends and trends.list: count and total beside the trends', async () => {
    z.looseObject({ count: z.number(), trends: z.array(z.looseObject({ name: z.string() })), woeid: z.number() }).parse((await sb.call('/api/v1/x/trends?count=5', { headers: sdkHeaders })).body);
    const account = z
      .looseObject({ total: z.number(), trends: z.array(z.looseObject({ name: z.string(), tweetVolume: z.number(), url: z.string() })), woeid: z.number() })
      .parse((await sb.call('/api/v1/trends?count=5&woeid=1', { headers: sdkHeaders })).body);
    expect(account.total).toBe(account.trends.length);
  });

  it('a path the sandbox does not know is a fast 404 in the live error shape, which the SDK does not retry', async () => {
    const res = await sb.call<{ error: string; message: string }>('/api/v1/styles', { headers: sdkHeaders });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found', message: expect.stringContaining('/api/v1/styles') });
  });
});
