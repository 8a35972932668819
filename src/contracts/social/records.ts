import { z } from '../zod';
import { Numeric } from '../common';

/**
 * Social data records, lenient: the live service's shapes (docs/live-services.md#social-data--posts-and-users: camelCase fields,
 * snake_case `quoted_tweet`/`retweeted_tweet`, counts that may be missing or strings) and the
 * snake_case spellings some of its routes use all normalize to one model.
 */

const Count = z.pipe(z.nullish(Numeric), z.transform((n) => (n == null || Number.isNaN(n) ? 0 : n)));
const Str = z.nullish(z.string());
const Bool = z.nullish(z.boolean());
/** ISO date, RFC 2822 date (the platform's `created_at`) or epoch ms, read as epoch ms. */
export const When = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((v) => {
    if (v == null || v === '') return null;
    if (typeof v === 'number') return v < 1e12 ? v * 1000 : v;
    if (/^\d+$/.test(v)) return Number(v) < 1e12 ? Number(v) * 1000 : Number(v);
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }),
);

const pick = <T>(...values: Array<T | null | undefined>): T | null => values.find((v) => v !== undefined && v !== null) ?? null;

export const SocialUser = z.pipe(
  z.looseObject({
    id: z.union([z.string(), z.number()]),
    name: Str,
    username: Str,
    screen_name: Str,
    userName: Str,
    description: Str,
    followers: z.optional(Count),
    followers_count: z.optional(Count),
    following: z.optional(Count),
    friends_count: z.optional(Count),
    verified: Bool,
    isBlueVerified: Bool,
    profilePicture: Str,
    profile_image_url: Str,
    location: Str,
    createdAt: When,
    created_at: When,
    statusesCount: z.optional(Count),
    statuses_count: z.optional(Count),
    protected: Bool,
    unavailable: Bool,
  }),
  z.transform((u) => ({
    id: String(u.id),
    name: u.name ?? u.username ?? u.screen_name ?? u.userName ?? String(u.id),
    username: u.username ?? u.screen_name ?? u.userName ?? String(u.id),
    description: u.description ?? '',
    followers: u.followers ?? u.followers_count ?? 0,
    following: u.following ?? u.friends_count ?? 0,
    posts: u.statusesCount ?? u.statuses_count ?? 0,
    verified: !!u.verified,
    blueVerified: !!u.isBlueVerified,
    avatar: pick(u.profilePicture, u.profile_image_url),
    location: u.location ?? '',
    createdAt: pick(u.createdAt, u.created_at),
    protected: !!u.protected,
    unavailable: !!u.unavailable,
  })),
);
export type SocialUser = z.output<typeof SocialUser>;

export const Media = z.pipe(
  z.looseObject({
    type: z.optional(z.string()),
    mediaUrl: Str,
    media_url_https: Str,
    url: Str,
    width: z.optional(Count),
    height: z.optional(Count),
    altText: Str,
    alt_text: Str,
  }),
  z.transform((m) => ({
    type: m.type === 'video' || m.type === 'animated_gif' ? m.type : ('photo' as const),
    url: pick(m.mediaUrl, m.media_url_https, m.url) ?? '',
    width: m.width ?? 0,
    height: m.height ?? 0,
    alt: m.altText ?? m.alt_text ?? '',
  })),
);
export type Media = z.output<typeof Media>;

type PostShape = {
  id: string;
  text: string;
  createdAt: number | null;
  lang: string | null;
  conversationId: string | null;
  inReplyToId: string | null;
  isReply: boolean;
  counts: { likes: number; reposts: number; replies: number; quotes: number; views: number; bookmarks: number };
  media: Media[];
  author: SocialUser | null;
  quoted: PostShape | null;
  reposted: PostShape | null;
  url: string | null;
};

const PostFields = z.looseObject({
  id: z.union([z.string(), z.number()]),
  text: Str,
  full_text: Str,
  likeCount: z.optional(Count),
  favorite_count: z.optional(Count),
  retweetCount: z.optional(Count),
  retweet_count: z.optional(Count),
  replyCount: z.optional(Count),
  reply_count: z.optional(Count),
  quoteCount: z.optional(Count),
  quote_count: z.optional(Count),
  viewCount: z.optional(Count),
  view_count: z.optional(Count),
  bookmarkCount: z.optional(Count),
  bookmark_count: z.optional(Count),
  createdAt: When,
  created_at: When,
  lang: Str,
  conversationId: Str,
  conversation_id: Str,
  inReplyToId: Str,
  in_reply_to_status_id: Str,
  isReply: Bool,
  media: z.nullish(z.array(z.unknown())),
  author: z.nullish(z.unknown()),
  quoted_tweet: z.nullish(z.unknown()),
  quotedTweet: z.nullish(z.unknown()),
  retweeted_tweet: z.nullish(z.unknown()),
  retweetedTweet: z.nullish(z.unknown()),
  url: Str,
});

/** Reads a nested post or user where a bad one is dropped rather than failing the page. */
const soft = <T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, v: unknown): T | null => {
  if (v == null) return null;
  const r = schema.safeParse(v);
  return r.success ? (r.data as T) : null;
};

function toPost(p: z.output<typeof PostFields>, depth: number): PostShape {
  const inReplyToId = p.inReplyToId ?? p.in_reply_to_status_id ?? null;
  const nested = (v: unknown) => {
    if (depth >= 2 || v == null) return null;
    const r = PostFields.safeParse(v);
    return r.success ? toPost(r.data, depth + 1) : null;
  };
  return {
    id: String(p.id),
    text: p.text ?? p.full_text ?? '',
    createdAt: pick(p.createdAt, p.created_at),
    lang: p.lang ?? null,
    conversationId: p.conversationId ?? p.conversation_id ?? null,
    inReplyToId,
    isReply: p.isReply ?? inReplyToId !== null,
    counts: {
      likes: p.likeCount ?? p.favorite_count ?? 0,
      reposts: p.retweetCount ?? p.retweet_count ?? 0,
      replies: p.replyCount ?? p.reply_count ?? 0,
      quotes: p.quoteCount ?? p.quote_count ?? 0,
      views: p.viewCount ?? p.view_count ?? 0,
      bookmarks: p.bookmarkCount ?? p.bookmark_count ?? 0,
    },
    media: (p.media ?? []).flatMap((m) => {
      const r = Media.safeParse(m);
      return r.success && r.data.url ? [r.data] : [];
    }),
    author: soft<SocialUser>(SocialUser, p.author),
    quoted: nested(p.quoted_tweet ?? p.quotedTweet),
    reposted: nested(p.retweeted_tweet ?? p.retweetedTweet),
    url: p.url ?? null,
  };
}

export const Post = z.pipe(PostFields, z.transform((p): PostShape => toPost(p, 0)));
export type Post = z.output<typeof Post>;

/** A page of an /x/... list (docs/live-services.md#social-data--paging): items, `has_next_page`, opaque `next_cursor`. */
const pageOf = <K extends 'tweets' | 'users', T>(key: K, item: { safeParse: (v: unknown) => { success: boolean; data?: T } }) =>
  z.pipe(
    z.looseObject({
      [key]: z.nullish(z.array(z.unknown())),
      has_next_page: Bool,
      hasNextPage: Bool,
      next_cursor: Str,
      nextCursor: Str,
    } as Record<string, z.ZodMiniType>),
    z.transform((page: Record<string, unknown>) => {
      const items = ((page[key] as unknown[] | null | undefined) ?? []).flatMap((v) => {
        const r = item.safeParse(v);
        return r.success ? [r.data as T] : [];
      });
      const cursor = ((page.next_cursor ?? page.nextCursor) as string | null | undefined) || null;
      const hasNext = ((page.has_next_page ?? page.hasNextPage) as boolean | null | undefined) ?? cursor !== null;
      return { items, hasNext: hasNext && cursor !== null, cursor };
    }),
  );

export const PostPage = pageOf('tweets', Post);
export type PostPage = z.output<typeof PostPage>;
export const UserPage = pageOf('users', SocialUser);
export type UserPage = z.output<typeof UserPage>;

/** `GET /x/tweets/{id}` answers `{tweet, author}`. */
export const PostLookup = z.pipe(
  z.looseObject({ tweet: z.unknown(), author: z.nullish(z.unknown()) }),
  z.transform((r, ctx) => {
    const post = Post.safeParse(r.tweet);
    if (!post.success) {
      ctx.issues.push({ code: 'custom', message: 'the post could not be read', input: r.tweet });
      return z.NEVER;
    }
    return { ...post.data, author: post.data.author ?? soft<SocialUser>(SocialUser, r.author) };
  }),
);

export const Trend = z.pipe(
  z.looseObject({ name: z.string(), query: Str, rank: z.optional(Count), tweetCount: z.optional(Count), tweetVolume: z.optional(Count), tweet_volume: z.optional(Count), description: Str }),
  z.transform((t) => ({ name: t.name, query: t.query ?? t.name, rank: t.rank ?? 0, posts: t.tweetCount ?? t.tweetVolume ?? t.tweet_volume ?? 0, description: t.description ?? '' })),
);
export const Trends = z.pipe(
  z.looseObject({ trends: z.array(z.unknown()), woeid: z.optional(Count) }),
  z.transform((r) => ({
    woeid: r.woeid ?? 1,
    trends: r.trends.flatMap((t) => {
      const p = Trend.safeParse(t);
      return p.success ? [p.data] : [];
    }),
  })),
);
export type Trends = z.output<typeof Trends>;

/** `GET /credits`: in credits.ts, apart, so the console's first page (its balance line) needs only that. */
export { SocialCredits } from './credits';
