import { userLists, type UserList } from '../../../contracts/social';
import { decodeCursor, encodeCursor } from '../engine/search/cursor';
import { invalid, type Ctx } from '../http';
import type { SocialData } from '../store/state';
import { DEFAULT_LIMIT } from './paging';
import { userJson } from './records';
import { originOf, sendPage, sendRefs, userFromPath, type SocialHandlers } from './shared';

type Page = { cursor?: string | undefined; limit?: number | undefined; pageSize?: number | undefined };

/** One list of a profile: posts, replies, media, likes, mentions, followers, following, verified followers. */
function userList(c: Ctx, d: SocialData, list: UserList, ref: string, q: Page) {
  const user = userFromPath(c, d, ref);
  if (user instanceof Response) return user;
  const kind = ['followers', 'following', 'verified-followers'].includes(list) ? 'users' : 'tweets';
  return sendRefs(c, d, kind, d.universe.userList(list, user), q.cursor, q.limit ?? q.pageSize ?? DEFAULT_LIMIT);
}

/** User operations: batch lookup, people search, profile and the lists of a profile. */
export function userHandlers(data: () => SocialData): SocialHandlers {
  const lists = Object.fromEntries(
    userLists.map((list) => [`users.${list}`, (c: Ctx, { params, query }: { params: { user: string }; query: Page }) => userList(c, data(), list, params.user, query)]),
  ) as SocialHandlers;
  return {
    'users.batch': (c, { query }) => {
      const d = data();
      const origin = originOf(c);
      const requested = [...new Set(query.ids.split(','))];
      const users = requested.flatMap((id) => {
        const i = d.corpus.userById.get(id);
        return i === undefined ? [] : [userJson(d.corpus.users[i]!, origin)];
      });
      const unavailable = requested.filter((id) => !d.corpus.userById.has(id));
      return c.json({
        users,
        has_next_page: false,
        next_cursor: '',
        requested_count: requested.length,
        processed_count: requested.length,
        returned_count: users.length,
        unavailable_ids: unavailable,
        unprocessed_ids: [],
      });
    },

    'users.search': (c, { query: q }) => {
      const scope = `users/search:${q.q.toLowerCase()}`;
      let after: string | null = null;
      if (q.cursor !== undefined) {
        const decoded = decodeCursor(scope, q.cursor);
        if (!decoded.ok) return invalid(c, decoded.message);
        after = String(decoded.key[0]);
      }
      const d = data();
      const page = d.people.page(q.q, after, DEFAULT_LIMIT);
      if ('error' in page) return invalid(c, page.error);
      return sendPage(c, d, 'users', { items: page.items, nextCursor: page.next ? encodeCursor(scope, [page.next]) : null });
    },

    'users.get': (c, { params }) => {
      const d = data();
      const ref = d.universe.findUser(params.user);
      if (ref === undefined) return userFromPath(c, d, params.user) as Response;
      return c.json(userJson(d.universe.user(ref), originOf(c)));
    },
    ...lists,
  };
}
