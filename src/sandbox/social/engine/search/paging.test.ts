import { describe, expect, it } from 'vitest';
import { engagement } from './engine';
import { makeSandbox, q, walk, type PostPageBody } from '../../test-kit';

const sb = makeSandbox();
const corpus = sb.corpus();
const path = (query: string, extra = '') => `/api/v1/x/tweets/search?q=${q(query)}${extra}`;
const postOf = (id: string) => corpus.posts[corpus.postById.get(id)!]!;
const rareAuthor = corpus.users.find((u) => {
  const n = corpus.posts.filter((p) => p.author === u.index && p.kind !== 'repost').length;
  return n >= 5 && n <= 12;
})!;

describe('post search: order and pages', () => {
  it('orders Latest newest first and Top by engagement (ties: newer id first)', async () => {
    const latest = await walk(sb.call, path('coffee OR music', '&limit=50'));
    const times = latest.ids.map((id) => postOf(id).createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const top = await walk(sb.call, path('coffee OR music', '&limit=50&queryType=Top'));
    const scores = top.ids.map((id) => [engagement(postOf(id)), postOf(id).index] as const);
    for (let i = 1; i < scores.length; i++) {
      const [s0, i0] = scores[i - 1]!;
      const [s1, i1] = scores[i]!;
      expect(s0 > s1 || (s0 === s1 && i0 > i1)).toBe(true);
    }
    expect(new Set(top.ids)).toEqual(new Set(latest.ids));
    expect(top.ids.slice(0, 10)).not.toEqual(latest.ids.slice(0, 10));
  });

  it('visits every match exactly once when following cursors, in both orders', async () => {
    const expected = new Set(corpus.posts.filter((p) => p.kind !== 'repost' && (p.lang === 'pt' || p.lang === 'de') && p.media.length > 0).map((p) => p.id));
    expect(expected.size).toBeGreaterThan(1000);
    for (const type of ['Latest', 'Top']) {
      const { ids, pages } = await walk(sb.call, path('(lang:pt OR lang:de) filter:media', `&limit=37&queryType=${type}`));
      expect(ids.length).toBe(expected.size);
      expect(new Set(ids)).toEqual(expected);
      expect(pages.slice(0, -1).every((p) => p.hasNext)).toBe(true);
      expect(pages.at(-1)!.hasNext).toBe(false);
    }
  });

  it('can answer an empty page that still has a next page (Latest scans a time window per page)', async () => {
    const expected = corpus.posts.filter((p) => p.author === rareAuthor.index && p.kind !== 'repost').map((p) => p.id).reverse();
    const { ids, pages } = await walk(sb.call, path(`from:${rareAuthor.username}`, '&limit=20'));
    expect(ids).toEqual(expected);
    expect(pages.some((p) => p.count === 0 && p.hasNext)).toBe(true);
    expect(pages.at(-1)!.hasNext).toBe(false);
  });

  it('uses 20 as the default page size and 100 as the largest', async () => {
    expect((await sb.call<PostPageBody>(path('lang:en'))).body.tweets).toHaveLength(20);
    expect((await sb.call<PostPageBody>(path('lang:en', '&limit=100'))).body.tweets).toHaveLength(100);
    const res = await sb.call(path('lang:en', '&limit=101'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_input', message: 'limit must be 1 to 100' });
  });

  it('gives opaque cursors that hold no offset and refuses ones it did not give', async () => {
    const first = await sb.call<PostPageBody>(path('lang:en', '&limit=5'));
    const cursor = first.body.next_cursor;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(cursor, 'base64url').toString()).not.toMatch(/"(offset|page|skip)"/);
    expect((await sb.call(path('lang:en', `&limit=5&cursor=${cursor}`))).status).toBe(200);
    for (const bad of ['garbage!', 'bm90IGpzb24', Buffer.from('{"v":1,"t":"x","k":["1"]}').toString('base64url')]) {
      const res = await sb.call<{ error: string; message: string }>(path('lang:en', `&cursor=${bad}`));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_input');
      expect(res.body.message).toMatch(/cursor/);
    }
    const other = await sb.call<{ message: string }>(path('lang:de', `&cursor=${cursor}`));
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/another listing or query/);
  });
});

describe('post search: bad input', () => {
  const bad = async (query: string | null, extra = '') => {
    const res = await sb.call<{ error: string; message: string }>(`/api/v1/x/tweets/search?${query === null ? '' : `q=${q(query)}`}${extra}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_input');
    return res.body.message;
  };

  it('explains syntax errors with the parser’s sentence', async () => {
    expect(await bad('"open')).toBe('a quoted phrase is not closed: add the closing "');
    expect(await bad('(a OR b')).toBe('a "(" is not closed: add the closing ")"');
    expect(await bad('a)')).toBe('a ")" has no matching "("');
    expect(await bad('OR cats')).toMatch(/OR needs a term on each side/);
    expect(await bad('-cats')).toMatch(/only excludes/);
    expect(await bad('from:not-a-name!')).toMatch(/^from: needs a user name/);
    expect(await bad('since:2025-02-30')).toMatch(/^since: needs a date/);
    expect(await bad('min_faves:lots')).toMatch(/^min_faves: needs a whole number/);
    expect(await bad('filter:cats')).toMatch(/^filter: can be media/);
  });

  it('names the parameter at fault', async () => {
    expect(await bad(null)).toMatch(/^q is required/);
    expect(await bad('   ')).toMatch(/^q is required/);
    expect(await bad('cats', '&queryType=Oldest')).toBe('queryType must be Latest or Top');
    expect(await bad('cats', '&limit=0')).toBe('limit must be 1 to 100');
    expect(await bad('cats', '&limit=ten')).toBe('limit must be a whole number');
  });
});
