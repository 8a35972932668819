import { parseQuery, postLists, type PostList } from '../../../contracts/social';
import { decodeCursor, encodeCursor } from '../engine/search/cursor';
import type { Ctx } from '../http';
import { invalid } from '../http';
import type { SocialData } from '../store/state';
import { DEFAULT_LIMIT } from './paging';
import { postJson, userJson } from './records';
import { originOf, postFromPath, sendRefs, type SocialHandlers } from './shared';

type Page = { cursor?: string | undefined; limit?: number | undefined; pageSize?: number | undefined };

/** One list hanging off a post: replies, quotes, reposters, likers, the thread (as many as its counts say). */
function postList(c: Ctx, d: SocialData, list: PostList, id: string, q: Page) {
  const post = postFromPath(c, d, id);
  if (post instanceof Response) return post;
  const kind = list === 'retweeters' || list === 'favoriters' ? 'users' : 'tweets';
  return sendRefs(c, d, kind, d.universe.postList(list, post), q.cursor, q.limit ?? q.pageSize ?? DEFAULT_LIMIT);
}

/** Post operations: search, lookup (one and many) and the lists hanging off a post. */
export function tweetHandlers(data: () => SocialData): SocialHandlers {
  const lists = Object.fromEntries(
    postLists.map((list) => [`tweets.${list}`, (c: Ctx, { params, query }: { params: { id: string }; query: Page }) => postList(c, data(), list, params.id, query)]),
  ) as SocialHandlers;
  return {
    'tweets.search': (c, { query: q }) => {
      const parsed = parseQuery(q.q);
      if (!parsed.ok) return invalid(c, parsed.message);
      const type = q.queryType ?? 'Latest';
      const scope = `search:${type}:${JSON.stringify(parsed.query.terms)}`;
      let after = null;
      if (q.cursor !== undefined) {
        const decoded = decodeCursor(scope, q.cursor);
        if (!decoded.ok) return invalid(c, decoded.message);
        after = decoded.key;
      }
      const d = data();
      const bits = d.engine.matches(parsed.query);
      const limit = q.limit ?? q.pageSize ?? DEFAULT_LIMIT;
      const page = type === 'Top' ? d.engine.top(bits, after, limit) : d.engine.latest(bits, after, limit);
      if ('error' in page) return invalid(c, page.error);
      const origin = originOf(c);
      return c.json({
        tweets: page.items.map((i) => postJson(d.corpus, d.corpus.posts[i]!, origin)),
        has_next_page: page.next !== null,
        next_cursor: page.next ? encodeCursor(scope, page.next) : '',
      });
    },

    'tweets.batch': (c, { query }) => {
      const d = data();
      const origin = originOf(c);
      const found = [...new Set(query.ids.split(','))].flatMap((id) => {
        const i = d.corpus.postById.get(id);
        return i === undefined ? [] : [postJson(d.corpus, d.corpus.posts[i]!, origin)];
      });
      return c.json({ tweets: found, has_next_page: false, next_cursor: '' });
    },

    'tweets.get': (c, { params }) => {
      const d = data();
      const ref = d.universe.findPost(params.id);
      if (ref === undefined) return postFromPath(c, d, params.id) as Response;
      const p = d.universe.post(ref);
      const origin = originOf(c);
      return c.json({ tweet: postJson(d.corpus, p, origin), author: userJson(d.corpus.users[p.author]!, origin) });
    },
    ...lists,
  };
}
