import { operation, type Operation } from '../routes';
import { BoolParam, IntParam, NoQuery, Params, PathParam, Query } from '../query';
import { z } from '../zod';
import { creditsPath } from './credits';
import { PostLookup, PostPage, SocialCredits, SocialUser, Trends, UserPage } from './records';
import { accountReadOps, accountWriteOps } from './account-routes';
import { workflowOps } from './workflow-routes';

/**
 * The social service's route table (docs/live-services.md#social-data--addresses-and-keys: REST under /api/v1, `x-api-key`). Query
 * parameters are checked before anything leaves; cursors are opaque strings passed back as given.
 */

/** User names: document's pattern. Post and user ids: numeric strings. */
export const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
export const NUMERIC_ID = /^\d{1,25}$/;
export const USER_REF = /^(\d{1,25}|[A-Za-z0-9_]{1,15})$/;

const Cursor = z.optional(z.string().check(z.maxLength(512, 'cursor is longer than any cursor the service gives')));
const IdList = (what: string) =>
  z.string({ error: `${what} is required` }).check(
    z.refine((s) => {
      const ids = s.split(',');
      return ids.length >= 1 && ids.length <= 100 && ids.every((i) => NUMERIC_ID.test(i));
    }, `${what} takes 1 to 100 numeric ids separated by commas`),
  );
const DateParam = (what: string) => z.optional(z.string().check(z.maxLength(40), z.refine((s) => /^\d+$/.test(s) || !Number.isNaN(Date.parse(s)), `${what} must be a date or epoch seconds`)));

export const SearchQuery = Query({
  q: z.string({ error: 'q is required: the search query' }).check(z.trim(), z.minLength(1, 'q is required: the search query'), z.maxLength(512, 'q takes at most 512 characters')),
  queryType: z.optional(z.enum(['Latest', 'Top'], { error: 'queryType must be Latest or Top' })),
  cursor: Cursor,
  limit: IntParam(1, 100, 'limit'),
  pageSize: IntParam(1, 100, 'pageSize'),
  sinceTime: DateParam('sinceTime'),
  untilTime: DateParam('untilTime'),
  language: z.optional(z.string().check(z.regex(/^[a-z]{2,3}$/, 'language must be a language code such as en'))),
  minFaves: IntParam(0, 100_000_000, 'minFaves'),
  minRetweets: IntParam(0, 100_000_000, 'minRetweets'),
  verifiedOnly: BoolParam('verifiedOnly'),
  mediaType: z.optional(z.enum(['images', 'videos', 'media'], { error: 'mediaType must be images, videos or media' })),
});
export const PageQuery = Query({ cursor: Cursor, limit: IntParam(1, 100, 'limit'), pageSize: IntParam(1, 100, 'pageSize') });
export const UserSearchQuery = Query({ q: z.string({ error: 'q is required' }).check(z.trim(), z.minLength(1, 'q is required'), z.maxLength(100, 'q takes at most 100 characters')), cursor: Cursor });
export const IdsQuery = Query({ ids: IdList('ids') });
export const TrendsQuery = Query({ woeid: IntParam(1, 99_999_999, 'woeid'), count: IntParam(1, 50, 'count') });

const PostParams = Params({ id: PathParam('id', NUMERIC_ID, 'a post id (digits only)') });
const UserParams = Params({ user: PathParam('user', USER_REF, 'a user id (digits) or a user name of 1 to 15 letters, digits or _') });

export const postLists = ['replies', 'quotes', 'retweeters', 'favoriters', 'thread'] as const;
export const userLists = ['tweets', 'replies', 'likes', 'media', 'mentions', 'followers', 'following', 'verified-followers'] as const;
export type PostList = (typeof postLists)[number];
export type UserList = (typeof userLists)[number];

const postListWords: Record<PostList, string> = { replies: 'replies to', quotes: 'quotes of', retweeters: 'reposters of', favoriters: 'likers of', thread: 'the thread of' };
const userListWords: Record<UserList, string> = {
  tweets: 'posts of',
  replies: 'replies of',
  likes: 'likes of',
  media: 'media posts of',
  mentions: 'mentions of',
  followers: 'followers of',
  following: 'accounts followed by',
  'verified-followers': 'verified followers of',
};
const emptyPage = (key: 'tweets' | 'users') => ({ [key]: [], has_next_page: false, next_cursor: '' });
const userListNames = ['retweeters', 'favoriters', 'followers', 'following', 'verified-followers'] as const;
const usersOf = (list: string) => (userListNames as readonly string[]).includes(list);
/** What a list of a post or a user holds: users for its people lists, else posts. */
type ListAnswer<L extends string> = L extends (typeof userListNames)[number] ? typeof UserPage : typeof PostPage;

type Rest = Omit<Operation, 'id' | 'service' | 'summary' | 'method' | 'path' | 'kind'> & { query: Operation['query'] };
const get = <const I extends string, const R extends Rest>(id: I, summary: string, path: string, rest: R) =>
  operation({ id, service: 'social' as const, summary, method: 'GET' as const, path, kind: 'read' as const, ...rest });

const postListOps = Object.fromEntries(
  postLists.map((list) => [
    `tweets.${list}`,
    get(`tweets.${list}`, `list the ${postListWords[list]} a post`, `/api/v1/x/tweets/:id/${list}`, {
      params: PostParams,
      query: PageQuery,
      answer: usersOf(list) ? UserPage : PostPage,
      empty: emptyPage(usersOf(list) ? 'users' : 'tweets'),
    }),
  ]),
) as unknown as { [L in PostList as `tweets.${L}`]: Operation & { params: typeof PostParams; query: typeof PageQuery; answer: ListAnswer<L> } };

const userListOps = Object.fromEntries(
  userLists.map((list) => [
    `users.${list}`,
    get(`users.${list}`, `list the ${userListWords[list]} a user`, `/api/v1/x/users/:user/${list}`, {
      params: UserParams,
      query: PageQuery,
      answer: usersOf(list) ? UserPage : PostPage,
      empty: emptyPage(usersOf(list) ? 'users' : 'tweets'),
    }),
  ]),
) as unknown as { [L in UserList as `users.${L}`]: Operation & { params: typeof UserParams; query: typeof PageQuery; answer: ListAnswer<L> } };

export const socialOps = {
  credits: get('credits', 'read the credit balance', creditsPath, { query: NoQuery, answer: SocialCredits }),
  openapi: get('openapi', 'describe the API', '/openapi.json', { query: NoQuery }),
  'tweets.search': get('tweets.search', 'search posts', '/api/v1/x/tweets/search', { query: SearchQuery, answer: PostPage, empty: emptyPage('tweets') }),
  'tweets.batch': get('tweets.batch', 'look up posts by id', '/api/v1/x/tweets', { query: IdsQuery, answer: PostPage, empty: emptyPage('tweets') }),
  'tweets.get': get('tweets.get', 'read a post', '/api/v1/x/tweets/:id', { params: PostParams, query: NoQuery, answer: PostLookup }),
  ...postListOps,
  'users.batch': get('users.batch', 'look up users by id', '/api/v1/x/users/batch', { query: IdsQuery, answer: UserPage, empty: emptyPage('users') }),
  'users.search': get('users.search', 'search users', '/api/v1/x/users/search', { query: UserSearchQuery, answer: UserPage, empty: emptyPage('users') }),
  'users.get': get('users.get', 'read a user', '/api/v1/x/users/:user', { params: UserParams, query: NoQuery, answer: SocialUser }),
  ...userListOps,
  trends: get('trends', 'list trends', '/api/v1/x/trends', { query: TrendsQuery, answer: Trends, empty: { trends: [], count: 0 } }),
  'trends.account': get('trends.account', 'list trends (account route)', '/api/v1/trends', { query: TrendsQuery, answer: Trends, empty: { total: 0, trends: [] } }),
  ...accountReadOps,
  ...workflowOps,
  ...accountWriteOps,
};

/** Every operation of the social service, in registration order (fixed paths before `:params`). */
export const socialRoutes: readonly Operation[] = Object.values(socialOps);
