import type { socialOps } from '../../../contracts/social';
import type { Handlers } from '../../shared/register';
import { fail, invalid, type Ctx, type Env } from '../http';
import { postJson, userJson } from './records';
import type { SocialData } from '../store/state';
import type { KeyCodec, ListPage } from './paging';
import { pageOf, type ListSpec } from '../engine/universe/lists';

/** Handlers of the route table's operations. */
export type SocialHandlers = Handlers<typeof socialOps, Env>;

export const originOf = (c: Ctx) => new URL(c.req.url).origin;

export const postCodec = (data: SocialData): KeyCodec => ({
  idOf: (i) => data.corpus.posts[i]!.id,
  indexOf: (id) => data.corpus.postById.get(id),
});
export const userCodec = (data: SocialData): KeyCodec => ({
  idOf: (i) => data.corpus.users[i]!.id,
  indexOf: (id) => data.corpus.userById.get(id),
});

/** A post by id (the route table checked its form): 404 when there is no such post. */
export function postFromPath(c: Ctx, data: SocialData, id: string): number | Response {
  const index = data.corpus.postById.get(id);
  return index ?? fail(c, 404, `No post with id ${id}: it does not exist or is not accessible.`);
}

/** A user by id or user name (the route table checked its form): 404 when unknown. */
export function userFromPath(c: Ctx, data: SocialData, ref: string): number | Response {
  const index = (/^\d+$/.test(ref) ? data.corpus.userById.get(ref) : undefined) ?? data.corpus.userByName.get(ref.toLowerCase());
  return index ?? fail(c, 404, `No user "${ref}": the account does not exist or is not accessible.`);
}

/** Answers a page of posts or users in the live-service notes (docs/live-services.md#social-data--paging) shape. */
export function sendPage(c: Ctx, data: SocialData, kind: 'tweets' | 'users', page: ListPage, emit: (item: number) => number = (i) => i) {
  if ('error' in page) return invalid(c, page.error);
  const origin = originOf(c);
  const items = page.items.map(emit);
  const records = kind === 'tweets' ? items.map((i) => postJson(data.corpus, data.corpus.posts[i]!, origin)) : items.map((i) => userJson(data.corpus.users[i]!, origin));
  return c.json({ [kind]: records, has_next_page: page.nextCursor !== null, next_cursor: page.nextCursor ?? '' });
}

/** Answers a page of a universe list (corpus, generated and live items) in the live-service notes (docs/live-services.md#social-data--paging) shape. */
export function sendRefs(c: Ctx, data: SocialData, kind: 'tweets' | 'users', spec: ListSpec, cursor: string | undefined, limit: number) {
  const page = pageOf(spec, cursor, limit);
  if ('error' in page) return invalid(c, page.error);
  const origin = originOf(c);
  const u = data.universe;
  const records = kind === 'tweets' ? page.refs.map((r) => postJson(data.corpus, u.post(r), origin)) : page.refs.map((r) => userJson(u.user(r), origin));
  return c.json({ [kind]: records, has_next_page: page.nextCursor !== null, next_cursor: page.nextCursor ?? '' });
}
