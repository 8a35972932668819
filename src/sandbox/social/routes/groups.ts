import { radarCategories, radarSources } from '../../../contracts/social';
import { hash32, makeRng } from '../engine/corpus/random';
import { composeOriginal, topicLabel } from '../engine/corpus/text';
import { TOPICS } from '../engine/corpus/types';
import { parseQuery } from '../../../contracts/social';
import { decodeCursor, encodeCursor } from '../engine/search/cursor';
import type { Group } from '../engine/universe/groups';
import { fail, invalid, type Ctx } from '../http';
import type { SocialServices } from '../store/services';
import { DEFAULT_LIMIT } from './paging';
import { userJson } from './records';
import { originOf, sendRefs, type SocialHandlers } from './shared';

const iso = (ms: number) => new Date(ms).toISOString();
type Page = { cursor?: string | undefined; pageSize?: number | undefined; limit?: number | undefined };
const HOUR = 3_600_000;

/** Lists, communities, articles and the radar. */
export function groupHandlers(s: SocialServices): SocialHandlers {
  const group = (c: Ctx, kind: Group['kind'], id: string) => s.data().groups.get(kind, id) ?? (fail(c, 404, `No ${kind} with id ${id}: it does not exist or is not accessible.`) as Response);
  const size = (q: Page) => q.pageSize ?? q.limit ?? DEFAULT_LIMIT;
  const users = (c: Ctx, scope: string, corpus: Int32Array, q: Page, extra = 0, gen: (k: number) => number = (k) => k) =>
    sendRefs(c, s.data(), 'users', { scope, corpus, order: 'asc', genCount: extra, genNumber: gen, idOf: s.data().universe.userId }, q.cursor, size(q));
  const posts = (c: Ctx, scope: string, corpus: ArrayLike<number>, q: Page) => sendRefs(c, s.data(), 'tweets', { scope, corpus, order: 'desc', genCount: 0, genNumber: (k) => k, idOf: s.data().universe.postId }, q.cursor, size(q));
  const communitySearch = (c: Ctx, q: { communityId: string; q: string } & Page) => {
    const g = group(c, 'community', q.communityId);
    if (g instanceof Response) return g;
    const parsed = parseQuery(q.q);
    if (!parsed.ok) return invalid(c, parsed.message);
    const bits = s.data().engine.matches(parsed.query);
    return posts(c, `community-search:${g.id}:${q.q}`, g.posts.filter((p) => bits.has(p)), q);
  };

  return {
    'lists.members': (c, { params, query }) => {
      const g = group(c, 'list', params.id);
      return g instanceof Response ? g : users(c, `list-members:${g.id}`, g.members, query);
    },
    'lists.followers': (c, { params, query }) => {
      const g = group(c, 'list', params.id);
      if (g instanceof Response) return g;
      const { corpus } = s.data();
      const own = corpus.followers.items.subarray(corpus.followers.offsets[g.owner]!, corpus.followers.offsets[g.owner + 1]!);
      return users(c, `list-followers:${g.id}`, own, query, g.extraFollowers, (k) => s.data().groups.listFollower(g, k));
    },
    'lists.tweets': (c, { params, query }) => {
      const g = group(c, 'list', params.id);
      return g instanceof Response ? g : posts(c, `list-tweets:${g.id}`, g.posts, query);
    },
    'communities.info': (c, { params }) => {
      const g = group(c, 'community', params.id);
      if (g instanceof Response) return g;
      const owner = s.data().corpus.users[g.owner]!;
      return c.json({ community: { id: g.id, name: g.name, description: g.description, memberCount: g.members.length, moderatorCount: g.moderators.length, createdAt: iso(g.createdAt), creator: userJson(owner, originOf(c)), topic: TOPICS[g.topic] } });
    },
    'communities.members': (c, { params, query }) => {
      const g = group(c, 'community', params.id);
      return g instanceof Response ? g : users(c, `community-members:${g.id}`, g.members, query);
    },
    'communities.moderators': (c, { params, query }) => {
      const g = group(c, 'community', params.id);
      return g instanceof Response ? g : users(c, `community-moderators:${g.id}`, g.moderators, query);
    },
    'communities.tweets': (c, { params, query }) => {
      const g = group(c, 'community', params.id);
      return g instanceof Response ? g : posts(c, `community-tweets:${g.id}`, g.posts, query);
    },
    'communities.search': (c, { query }) => communitySearch(c, query),
    'communities.tweetsSearch': (c, { query }) => communitySearch(c, query),

    'articles.get': (c, { params }) => {
      const d = s.data();
      const i = d.corpus.postById.get(params.id);
      const p = i === undefined ? undefined : d.corpus.posts[i]!;
      if (!p || p.kind !== 'original' || !p.hasLink) return fail(c, 404, `Post ${params.id} has no article: only posts that link a long-form article have one.`);
      const rng = makeRng(hash32(d.corpus.seed, 41, p.index));
      const author = d.corpus.users[p.author]!;
      const paragraphs = Array.from({ length: 4 + rng.int(4) }, () => composeOriginal(rng, { lang: p.lang, topic: p.topic, mention: null, withLink: false }).text.replace(/\s#\S+/g, ''));
      const title = paragraphs[0]!.split(/[.!?。]/)[0]!.slice(0, 90);
      return c.json({
        article: { id: `a_${p.id}`, tweetId: p.id, title, previewText: paragraphs[0], text: paragraphs.join('\n\n'), createdAt: iso(p.createdAt), url: `https://x.com/${author.username}/article/${p.id}` },
        author: userJson(author, originOf(c)),
      });
    },

    radar: (c, { query }) => {
      const now = s.now();
      const hours = query.hours ?? 24;
      const d = s.data();
      const items = [];
      for (let h = 0; h < hours; h++) {
        const hour = Math.floor(now / HOUR) - h;
        for (const [si, source] of radarSources.entries()) {
          const rng = makeRng(hash32(d.corpus.seed, 43, hour % 2 ** 31, si));
          if (!rng.chance(0.45)) continue;
          const topic = rng.int(TOPICS.length);
          const category = radarCategories[(topic + si) % radarCategories.length]!;
          if ((query.source && query.source !== source) || (query.category && query.category !== category)) continue;
          const label = topicLabel('en', topic);
          const publishedAt = hour * HOUR + rng.int(HOUR);
          if (publishedAt > now) continue;
          const id = `rd_${hour.toString(36)}_${si}`;
          items.push({ id, title: `${label[0]!.toUpperCase()}${label.slice(1)}: ${composeOriginal(rng, { lang: 'en', topic, mention: null, withLink: false }).text.split(/[.!?]/)[0]!.slice(0, 100)}`, description: `Rising on ${source.replace('_', ' ')}`, source, sourceId: `${source}-${hour}-${si}`, category, score: Math.round(rng.pareto(10, 1.2)), url: `https://example.com/${source}/${hour}/${si}`, region: query.region ?? 'global', language: 'en', publishedAt: iso(publishedAt), createdAt: iso(publishedAt), metadata: {} });
        }
      }
      items.sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1));
      const cursor = query.cursor ?? query.after;
      let from = 0;
      if (cursor) {
        const decoded = decodeCursor(`radar:${query.source ?? ''}:${query.category ?? ''}`, cursor);
        if (!decoded.ok) return invalid(c, decoded.message);
        from = Math.max(0, items.findIndex((i) => i.id === decoded.key[0]) + 1);
      }
      const limit = query.limit ?? 20;
      const page = items.slice(from, from + limit);
      const more = from + limit < items.length;
      return c.json({ items: page, hasMore: more, ...(more ? { nextCursor: encodeCursor(`radar:${query.source ?? ''}:${query.category ?? ''}`, [page[page.length - 1]!.id]) } : {}) });
    },
  };
}
