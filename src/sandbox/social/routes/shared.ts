import type { ZodMiniType } from 'zod/mini';
import { NUMERIC_ID, USER_REF, socialRoutes } from '../../../contracts/social';
import type { Hono } from 'hono';
import { invalid, fail, type Ctx, type Env } from '../http';
import { postJson, userJson } from '../records';
import type { SocialCreditBook } from '../credits';
import type { SocialData } from '../state';
import type { KeyCodec, ListPage } from './paging';

/** What every route module gets from the app. */
export type RouteDeps = { app: Hono<Env>; data: () => SocialData; credits: SocialCreditBook };

/** The contract's query schema of a route (for routes whose schema the contract keeps private). */
export function routeQuery(path: string): ZodMiniType {
  const route = socialRoutes.find((r) => r.method === 'GET' && r.path === path);
  if (!route?.query) throw new Error(`no contract route GET ${path}`);
  return route.query;
}

export const originOf = (c: Ctx) => new URL(c.req.url).origin;

export const postCodec = (data: SocialData): KeyCodec => ({
  idOf: (i) => data.corpus.posts[i]!.id,
  indexOf: (id) => data.corpus.postById.get(id),
});
export const userCodec = (data: SocialData): KeyCodec => ({
  idOf: (i) => data.corpus.users[i]!.id,
  indexOf: (id) => data.corpus.userById.get(id),
});

/** A post id from the path: 400 when it is not numeric, 404 when there is no such post. */
export function postFromPath(c: Ctx, data: SocialData): number | Response {
  const id = c.req.param('id') ?? '';
  if (!NUMERIC_ID.test(id)) return invalid(c, `id must be a post id (digits only), got "${id}"`);
  const index = data.corpus.postById.get(id);
  return index ?? fail(c, 404, `No post with id ${id}: it does not exist or is not accessible.`);
}

/** A user id or user name from the path: 400 when malformed, 404 when unknown. */
export function userFromPath(c: Ctx, data: SocialData): number | Response {
  const ref = c.req.param('user') ?? '';
  if (!USER_REF.test(ref)) return invalid(c, `user must be a user id (digits) or a user name of 1 to 15 letters, digits or _, got "${ref}"`);
  const index = (/^\d+$/.test(ref) ? data.corpus.userById.get(ref) : undefined) ?? data.corpus.userByName.get(ref.toLowerCase());
  return index ?? fail(c, 404, `No user "${ref}": the account does not exist or is not accessible.`);
}

/** Answers a page of posts or users in the field notes' shape. */
export function sendPage(c: Ctx, data: SocialData, kind: 'tweets' | 'users', page: ListPage, emit: (item: number) => number = (i) => i) {
  if ('error' in page) return invalid(c, page.error);
  const origin = originOf(c);
  const items = page.items.map(emit);
  const records = kind === 'tweets' ? items.map((i) => postJson(data.corpus, data.corpus.posts[i]!, origin)) : items.map((i) => userJson(data.corpus.users[i]!, origin));
  return c.json({ [kind]: records, has_next_page: page.nextCursor !== null, next_cursor: page.nextCursor ?? '' });
}
