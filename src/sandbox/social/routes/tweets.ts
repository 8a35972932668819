import { IdsQuery, PageQuery, SearchQuery, parseQuery, postLists, type PostList } from '../../../contracts/social';
import { row } from '../corpus/csr';
import { fail, invalid, readQuery } from '../http';
import { postJson, userJson } from '../records';
import { decodeCursor, encodeCursor } from '../search/cursor';
import { DEFAULT_LIMIT, pageList } from './paging';
import { originOf, postCodec, postFromPath, routeQuery, sendPage, userCodec, type RouteDeps } from './shared';

/** Post routes: search, lookup (one and many) and the lists hanging off a post. */
export function tweetRoutes({ app, data }: RouteDeps) {
  app.get('/api/v1/x/tweets/search', (c) => {
    const q = readQuery(c, SearchQuery);
    if (!q.ok) return q.res;
    const parsed = parseQuery(q.data.q);
    if (!parsed.ok) return invalid(c, parsed.message);
    const type = q.data.queryType ?? 'Latest';
    const scope = `search:${type}:${JSON.stringify(parsed.query.terms)}`;
    let after = null;
    if (q.data.cursor !== undefined) {
      const decoded = decodeCursor(scope, q.data.cursor);
      if (!decoded.ok) return invalid(c, decoded.message);
      after = decoded.key;
    }
    const d = data();
    const bits = d.engine.matches(parsed.query);
    const limit = q.data.limit ?? DEFAULT_LIMIT;
    const page = type === 'Top' ? d.engine.top(bits, after, limit) : d.engine.latest(bits, after, limit);
    if ('error' in page) return invalid(c, page.error);
    const origin = originOf(c);
    return c.json({
      tweets: page.items.map((i) => postJson(d.corpus, d.corpus.posts[i]!, origin)),
      has_next_page: page.next !== null,
      next_cursor: page.next ? encodeCursor(scope, page.next) : '',
    });
  });

  app.get('/api/v1/x/tweets', (c) => {
    const q = readQuery(c, IdsQuery);
    if (!q.ok) return q.res;
    const d = data();
    const origin = originOf(c);
    const found = [...new Set(q.data.ids.split(','))].flatMap((id) => {
      const i = d.corpus.postById.get(id);
      return i === undefined ? [] : [postJson(d.corpus, d.corpus.posts[i]!, origin)];
    });
    return c.json({ tweets: found });
  });

  app.get('/api/v1/x/tweets/:id', (c) => {
    const d = data();
    const post = postFromPath(c, d);
    if (post instanceof Response) return post;
    const q = readQuery(c, routeQuery('/api/v1/x/tweets/:id'));
    if (!q.ok) return q.res;
    const p = d.corpus.posts[post]!;
    const origin = originOf(c);
    return c.json({ tweet: postJson(d.corpus, p, origin), author: userJson(d.corpus.users[p.author]!, origin) });
  });

  app.get('/api/v1/x/tweets/:id/:list', (c) => {
    const list = c.req.param('list') as PostList;
    if (!postLists.includes(list)) return fail(c, 404, `No operation GET /x/tweets/{id}/${list}: lists are ${postLists.join(', ')}.`);
    const d = data();
    const post = postFromPath(c, d);
    if (post instanceof Response) return post;
    const q = readQuery(c, PageQuery);
    if (!q.ok) return q.res;
    const { corpus } = d;
    const opts = { cursor: q.data.cursor, limit: q.data.limit ?? DEFAULT_LIMIT, codec: postCodec(d) };
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
  });
}
