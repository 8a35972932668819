import { IdsQuery, PageQuery, UserSearchQuery, userLists, type UserList } from '../../../contracts/social';
import { row } from '../corpus/csr';
import { fail, invalid, readQuery } from '../http';
import { userJson } from '../records';
import { decodeCursor, encodeCursor } from '../search/cursor';
import { DEFAULT_LIMIT, pageList } from './paging';
import { originOf, postCodec, routeQuery, sendPage, userCodec, userFromPath, type RouteDeps } from './shared';

/** User routes: batch lookup, people search, profile and the lists of a profile. */
export function userRoutes({ app, data }: RouteDeps) {
  app.get('/api/v1/x/users/batch', (c) => {
    const q = readQuery(c, IdsQuery);
    if (!q.ok) return q.res;
    const d = data();
    const origin = originOf(c);
    const users = [...new Set(q.data.ids.split(','))].flatMap((id) => {
      const i = d.corpus.userById.get(id);
      return i === undefined ? [] : [userJson(d.corpus.users[i]!, origin)];
    });
    return c.json({ users });
  });

  app.get('/api/v1/x/users/search', (c) => {
    const q = readQuery(c, UserSearchQuery);
    if (!q.ok) return q.res;
    const scope = `users/search:${q.data.q.toLowerCase()}`;
    let after: string | null = null;
    if (q.data.cursor !== undefined) {
      const decoded = decodeCursor(scope, q.data.cursor);
      if (!decoded.ok) return invalid(c, decoded.message);
      after = String(decoded.key[0]);
    }
    const d = data();
    const page = d.people.page(q.data.q, after, DEFAULT_LIMIT);
    if ('error' in page) return invalid(c, page.error);
    return sendPage(c, d, 'users', { items: page.items, nextCursor: page.next ? encodeCursor(scope, [page.next]) : null });
  });

  app.get('/api/v1/x/users/:user', (c) => {
    const d = data();
    const user = userFromPath(c, d);
    if (user instanceof Response) return user;
    const q = readQuery(c, routeQuery('/api/v1/x/users/:user'));
    if (!q.ok) return q.res;
    return c.json(userJson(d.corpus.users[user]!, originOf(c)));
  });

  app.get('/api/v1/x/users/:user/:list', (c) => {
    const list = c.req.param('list') as UserList;
    if (!userLists.includes(list)) return fail(c, 404, `No operation GET /x/users/{user}/${list}: lists are ${userLists.join(', ')}.`);
    const d = data();
    const user = userFromPath(c, d);
    if (user instanceof Response) return user;
    const q = readQuery(c, PageQuery);
    if (!q.ok) return q.res;
    const { corpus } = d;
    const posts = corpus.posts;
    const base = { cursor: q.data.cursor, limit: q.data.limit ?? DEFAULT_LIMIT, order: 'desc' as const };
    const forPosts = { ...base, codec: postCodec(d) };
    const forUsers = { ...base, codec: userCodec(d) };
    const scope = `users/${list}:${corpus.users[user]!.id}`;
    const authored = row(corpus.byAuthor, user);
    switch (list) {
      case 'tweets':
        return sendPage(c, d, 'tweets', pageList(scope, authored, { ...forPosts, keep: (i) => posts[i]!.kind !== 'reply' }));
      case 'replies':
        return sendPage(c, d, 'tweets', pageList(scope, authored, { ...forPosts, keep: (i) => posts[i]!.kind === 'reply' }));
      case 'media':
        return sendPage(c, d, 'tweets', pageList(scope, authored, { ...forPosts, keep: (i) => posts[i]!.kind !== 'repost' && posts[i]!.media.length > 0 }));
      case 'likes':
        return sendPage(c, d, 'tweets', pageList(scope, row(corpus.likesByUser, user), forPosts));
      case 'mentions':
        return sendPage(c, d, 'tweets', pageList(scope, d.engine.text.postingsOf(`@${corpus.users[user]!.username.toLowerCase()}`), forPosts));
      case 'followers':
        return sendPage(c, d, 'users', pageList(scope, row(corpus.followers, user), forUsers));
      case 'following':
        return sendPage(c, d, 'users', pageList(scope, row(corpus.following, user), forUsers));
      case 'verified-followers': {
        const users = corpus.users;
        return sendPage(c, d, 'users', pageList(scope, row(corpus.followers, user), { ...forUsers, keep: (u) => users[u]!.verified || users[u]!.blue }));
      }
    }
  });
}
