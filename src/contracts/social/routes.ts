import type { RouteDef } from '../routes';
import { IntParam, NoQuery, queryParams } from '../query';
import { z } from '../zod';

/**
 * The social service's read routes (field notes: REST under /api/v1, `x-api-key`). Query
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

export const SearchQuery = z.strictObject(
  {
    q: z.string({ error: 'q is required: the search query' }).check(z.trim(), z.minLength(1, 'q is required: the search query'), z.maxLength(512, 'q takes at most 512 characters')),
    queryType: z.optional(z.enum(['Latest', 'Top'], { error: 'queryType must be Latest or Top' })),
    cursor: Cursor,
    limit: IntParam(1, 100, 'limit'),
  },
  queryParams,
);
export const PageQuery = z.strictObject({ cursor: Cursor, limit: IntParam(1, 100, 'limit') }, queryParams);
export const UserSearchQuery = z.strictObject(
  { q: z.string({ error: 'q is required' }).check(z.trim(), z.minLength(1, 'q is required'), z.maxLength(100)), cursor: Cursor },
  queryParams,
);
export const IdsQuery = z.strictObject({ ids: IdList('ids') }, queryParams);
export const TrendsQuery = z.strictObject({ woeid: IntParam(1, 99_999_999, 'woeid'), count: IntParam(1, 50, 'count') }, queryParams);

const postLists = ['replies', 'quotes', 'retweeters', 'favoriters', 'thread'] as const;
const userLists = ['tweets', 'replies', 'likes', 'media', 'mentions', 'followers', 'following', 'verified-followers'] as const;
export type PostList = (typeof postLists)[number];
export type UserList = (typeof userLists)[number];

export const socialRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/v1/credits', kind: 'read', query: NoQuery },
  { method: 'GET', path: '/openapi.json', kind: 'read', query: NoQuery },
  { method: 'GET', path: '/api/v1/x/tweets/search', kind: 'read', query: SearchQuery },
  { method: 'GET', path: '/api/v1/x/tweets', kind: 'read', query: IdsQuery },
  { method: 'GET', path: '/api/v1/x/tweets/:id', kind: 'read', params: { id: NUMERIC_ID }, query: NoQuery },
  { method: 'GET', path: '/api/v1/x/tweets/:id/:list', kind: 'read', params: { id: NUMERIC_ID, list: postLists }, query: PageQuery },
  { method: 'GET', path: '/api/v1/x/users/batch', kind: 'read', query: IdsQuery },
  { method: 'GET', path: '/api/v1/x/users/search', kind: 'read', query: UserSearchQuery },
  { method: 'GET', path: '/api/v1/x/users/:user', kind: 'read', params: { user: USER_REF }, query: NoQuery },
  { method: 'GET', path: '/api/v1/x/users/:user/:list', kind: 'read', params: { user: USER_REF, list: userLists }, query: PageQuery },
  { method: 'GET', path: '/api/v1/x/trends', kind: 'read', query: TrendsQuery },
];

export { postLists, userLists };
