import { parseQuery, postLists, type PostList } from '../../../contracts/social';
import { row } from '../engine/corpus/csr';
import { decodeCursor, encodeCursor } from '../engine/search/cursor';
import type { Ctx } from '../http';
import { invalid } from '../http';
import type { SocialData } from '../store/state';
import { DEFAULT_LIMIT, pageList } from './paging';
import { postJson, userJson } from './records';
import { originOf, postCodec, postFromPath, sendPage, userCodec, type SocialHandlers } from './shared';

type Page = { cursor?: string | undefined; limit?: number | undefined };

/** One list hanging off a post: replies, quotes, reposters, likers, the thread. */
function postList(c: Ctx, d: SocialData, list: PostList, id: string, q: Page) {
  const post = postFromPath(c, d, id);
  if (post instanceof Response) return post;
  const { corpus } = d;
  const opts = { cursor: q.cursor, limit: q.limit ?? DEFAULT_LIMIT, codec: postCodec(d) };
  const scope = `tweets/${list}:${corpus.posts[post]!.id}`;
  const authorOf = (i: number) => corpus.posts[i]!.author;
  switch (list) {
    case 'replies':
      return sendPage(c, d, 'tweets', pageList(scope, row(corpus.repliesOf, post), { ...opts, order: 'asc' }));
    case 'quotes':
      return sendPage(c, d, 'tweets', pageList(scope, row(corpus.quotesOf, post), { ...opts, order: 'desc' }));
    case 'retweeters':
      return sendPage(c, d, 'users', pageList(scope, row(corpus.repostsOf, post), { ...opts, order: 'desc' }), authorOf);
    case 'favoriters':
      return sendPage(c, d, 'users', pageList(scope, row(corpus.likersByPost, post), { ...opts, order: 'desc', codec: userCodec(d) }));
    case 'thread': {
      const p = corpus.posts[post]!;
      const root = p.kind === 'repost' ? corpus.posts[p.ref]!.root : p.root;
      return sendPage(c, d, 'tweets', pageList(scope, row(corpus.conversation, root), { ...opts, order: 'asc' }));
    }
  }
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
      const post = postFromPath(c, d, params.id);
      if (post instanceof Response) return post;
      const p = d.corpus.posts[post]!;
      const origin = originOf(c);
      return c.json({ tweet: postJson(d.corpus, p, origin), author: userJson(d.corpus.users[p.author]!, origin) });
    },
    ...lists,
  };
}
