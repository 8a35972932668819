import { operation, type HttpMethod, type Operation, type RouteKind } from '../routes';
import { BoolParam, IntParam, NoQuery, Params, PathParam, Query } from '../query';
import { z } from '../zod';
import { Article, Community, DmHistory, Radar, SocialAccount, WriteAction } from './account-records';
import { PostPage, UserPage } from './records';
import { DmSend, IDEMPOTENCY_HEADER, TweetCreate, WriteBody } from './requests';

/**
 * The reads added with the workflows (articles, lists, communities, radar, the account, DMs,
 * bookmarks) and the account-scoped writes, each with the `Idempotency-Key` header the live-service notes (docs/live-services.md#social-data--errors) require and the `account` body the official SDK sends (also on DELETE).
 */

const NUMERIC = /^\d{1,25}$/;
const USER_REF = /^(\d{1,25}|[A-Za-z0-9_]{1,15})$/;
const Cursor = z.optional(z.string().check(z.maxLength(512, 'cursor is longer than any cursor the service gives')));
const Page = Query({ cursor: Cursor, pageSize: IntParam(1, 100, 'pageSize'), limit: IntParam(1, 100, 'limit') });
const IdParams = Params({ id: PathParam('id', NUMERIC, 'a numeric id') });
const PostParams = Params({ id: PathParam('id', NUMERIC, 'a post id (digits only)') });
const UserParams = Params({ user: PathParam('user', USER_REF, 'a user id (digits) or a user name of 1 to 15 letters, digits or _') });
const ActionParams = Params({ id: PathParam('id', /^[A-Za-z0-9_-]{1,64}$/, 'a write action id') });
const emptyPage = (key: 'tweets' | 'users') => ({ [key]: [], has_next_page: false, next_cursor: '' });

export const radarSources = ['github', 'google_trends', 'hacker_news', 'polymarket', 'reddit', 'trustmrr', 'wikipedia'] as const;
export const radarCategories = ['general', 'tech', 'dev', 'science', 'culture', 'politics', 'business', 'entertainment'] as const;
export const RadarQuery = Query({
  source: z.optional(z.enum(radarSources, { error: `source must be one of ${radarSources.join(', ')}` })),
  category: z.optional(z.enum(radarCategories, { error: `category must be one of ${radarCategories.join(', ')}` })),
  hours: IntParam(1, 168, 'hours'),
  after: Cursor,
  cursor: Cursor,
  limit: IntParam(1, 100, 'limit'),
  region: z.optional(z.string().check(z.regex(/^[A-Za-z]{2}$|^global$/, 'region must be a two-letter country code or global'))),
});
const CommunitySearchQuery = Query({
  communityId: z.string({ error: 'communityId is required' }).check(z.regex(NUMERIC, 'communityId must be a numeric id')),
  q: z.string({ error: 'q is required' }).check(z.trim(), z.minLength(1, 'q is required'), z.maxLength(512, 'q takes at most 512 characters')),
  cursor: Cursor,
  pageSize: IntParam(1, 100, 'pageSize'),
  queryType: z.optional(z.enum(['Latest', 'Top'], { error: 'queryType must be Latest or Top' })),
});
const DmHistoryQuery = Query({
  account: z.string({ error: 'account is required: the connected account whose messages to read' }).check(z.regex(/^(@?[A-Za-z0-9_]{1,15}|\d{1,25})$/, 'account must be @username or an account id')),
  cursor: Cursor,
  maxId: z.optional(z.string().check(z.regex(NUMERIC, 'maxId must be a numeric id'))),
});
const BookmarksQuery = Query({ cursor: Cursor, folderId: z.optional(z.string().check(z.maxLength(64))), includeReplies: BoolParam('includeReplies') });

type Rest = Omit<Operation, 'id' | 'service' | 'summary' | 'method' | 'path' | 'kind'>;
const op = <const I extends string, const M extends HttpMethod, const R extends Rest>(id: I, method: M, kind: RouteKind, summary: string, path: string, rest: R) =>
  operation({ id, service: 'social' as const, summary, method, path: `/api/v1${path}`, kind, ...rest });
const idem = [IDEMPOTENCY_HEADER] as const;
/** A write: body with `account`, the Idempotency-Key header, the write-action record back. */
const write = <const I extends string, const M extends HttpMethod, const R extends Rest>(id: I, method: M, summary: string, path: string, rest: R) =>
  op(id, method, method === 'DELETE' ? 'delete' : 'write', summary, path, { query: NoQuery, headers: idem, answer: WriteAction, ...rest });

export const accountReadOps = {
  account: op('account', 'GET', 'read', 'read the account (plan, monitor billing, credits)', '/account', { query: NoQuery, answer: SocialAccount }),
  'articles.get': op('articles.get', 'GET', 'read', 'read the article of a post', '/x/articles/:id', { params: PostParams, query: NoQuery, answer: Article }),
  'lists.members': op('lists.members', 'GET', 'read', 'list the members of a list', '/x/lists/:id/members', { params: IdParams, query: Page, answer: UserPage, empty: emptyPage('users') }),
  'lists.followers': op('lists.followers', 'GET', 'read', 'list the followers of a list', '/x/lists/:id/followers', { params: IdParams, query: Page, answer: UserPage, empty: emptyPage('users') }),
  'lists.tweets': op('lists.tweets', 'GET', 'read', 'list the posts of a list', '/x/lists/:id/tweets', { params: IdParams, query: Page, answer: PostPage, empty: emptyPage('tweets') }),
  'communities.search': op('communities.search', 'GET', 'read', 'search the posts of a community', '/x/communities/search', { query: CommunitySearchQuery, answer: PostPage, empty: emptyPage('tweets') }),
  'communities.tweetsSearch': op('communities.tweetsSearch', 'GET', 'read', 'search the posts of a community (tweets route)', '/x/communities/tweets', { query: CommunitySearchQuery, answer: PostPage, empty: emptyPage('tweets') }),
  'communities.info': op('communities.info', 'GET', 'read', 'read a community', '/x/communities/:id/info', { params: IdParams, query: NoQuery, answer: Community }),
  'communities.members': op('communities.members', 'GET', 'read', 'list the members of a community', '/x/communities/:id/members', { params: IdParams, query: Page, answer: UserPage, empty: emptyPage('users') }),
  'communities.moderators': op('communities.moderators', 'GET', 'read', 'list the moderators of a community', '/x/communities/:id/moderators', { params: IdParams, query: Page, answer: UserPage, empty: emptyPage('users') }),
  'communities.tweets': op('communities.tweets', 'GET', 'read', 'list the posts of a community', '/x/communities/:id/tweets', { params: IdParams, query: Page, answer: PostPage, empty: emptyPage('tweets') }),
  radar: op('radar', 'GET', 'read', 'read the radar of trending topics', '/radar', { query: RadarQuery, answer: Radar, empty: { items: [], hasMore: false } }),
  bookmarks: op('bookmarks', 'GET', 'read', 'list the connected account’s bookmarks', '/x/bookmarks', { query: BookmarksQuery, answer: PostPage, empty: emptyPage('tweets') }),
  'dm.history': op('dm.history', 'GET', 'read', 'read a direct message conversation', '/x/dm/:user/history', { params: UserParams, query: DmHistoryQuery, answer: DmHistory, empty: { messages: [], has_next_page: false, next_cursor: '' } }),
  'writeActions.get': op('writeActions.get', 'GET', 'read', 'read a write action', '/x/write-actions/:id', { params: ActionParams, query: NoQuery, answer: WriteAction }),
};

export const accountWriteOps = {
  'tweets.create': write('tweets.create', 'POST', 'publish a post or a reply', '/x/tweets', { body: TweetCreate }),
  'tweets.delete': write('tweets.delete', 'DELETE', 'delete a post', '/x/tweets/:id', { params: PostParams, body: WriteBody }),
  'tweets.like': write('tweets.like', 'POST', 'like a post', '/x/tweets/:id/like', { params: PostParams, body: WriteBody }),
  'tweets.unlike': write('tweets.unlike', 'DELETE', 'unlike a post', '/x/tweets/:id/like', { params: PostParams, body: WriteBody }),
  'tweets.repost': write('tweets.repost', 'POST', 'repost a post', '/x/tweets/:id/retweet', { params: PostParams, body: WriteBody }),
  'tweets.unrepost': write('tweets.unrepost', 'DELETE', 'undo a repost', '/x/tweets/:id/retweet', { params: PostParams, body: WriteBody }),
  // Not in the official SDK nor the document's write list: imitated for the console's bookmark button (live answers 404).
  'tweets.bookmark': write('tweets.bookmark', 'POST', 'bookmark a post', '/x/tweets/:id/bookmark', { params: PostParams, body: WriteBody }),
  'tweets.unbookmark': write('tweets.unbookmark', 'DELETE', 'remove a bookmark', '/x/tweets/:id/bookmark', { params: PostParams, body: WriteBody }),
  'users.follow': write('users.follow', 'POST', 'follow a user', '/x/users/:user/follow', { params: UserParams, body: WriteBody }),
  'users.unfollow': write('users.unfollow', 'DELETE', 'unfollow a user', '/x/users/:user/follow', { params: UserParams, body: WriteBody }),
  'dm.send': write('dm.send', 'POST', 'send a direct message', '/x/dm/:user', { params: UserParams, body: DmSend }),
};
