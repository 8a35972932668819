import { describe, expect, it } from 'vitest';
import type { PostRec } from '../corpus/types';
import { makeSandbox, q, walk } from '../../test-kit';

const sb = makeSandbox();
const corpus = sb.corpus();
const searchable = corpus.posts.filter((p) => p.kind !== 'repost');
const userOf = (p: PostRec) => corpus.users[p.author]!;

/** Ids the API returns for a query, all pages. */
const search = async (query: string, type: 'Latest' | 'Top' = 'Latest') =>
  new Set((await walk(sb.call, `/api/v1/x/tweets/search?q=${q(query)}&limit=100&queryType=${type}`)).ids);
/** Ids a plain scan of the corpus finds. */
const scan = (test: (p: PostRec) => boolean) => new Set(searchable.filter(test).map((p) => p.id));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Text without its links (a URL is one token: its parts are not words). */
const words = (p: PostRec) => p.text.replace(/https?:\/\/\S+/g, ' ');
/** A whole word (or its hashtag), case-insensitive, checked with a regular expression. */
const word = (w: string) => {
  const re = new RegExp(`(^|[^\\p{L}\\p{N}_#@])#?${escape(w)}($|[^\\p{L}\\p{N}_])`, 'iu');
  return (p: PostRec) => re.test(words(p));
};
const phrase = (s: string) => {
  const re = new RegExp(`(^|[^\\p{L}\\p{N}_])${escape(s)}($|[^\\p{L}\\p{N}_])`, 'iu');
  return (p: PostRec) => re.test(words(p));
};
const day = (s: string) => Date.parse(`${s}T00:00:00Z`);
const popularAuthor = [...corpus.users].sort((a, b) => b.statusesCount - a.statusesCount)[0]!;
const mentioned = /@([A-Za-z0-9_]+)/.exec(searchable.find((p) => p.kind === 'original' && /@[A-Za-z0-9_]+/.test(p.text))!.text)![1]!;

describe('post search: each operator', () => {
  it('finds a word as a whole token, in any case, hashtags included', async () => {
    const found = await search('coffee');
    expect(found.size).toBeGreaterThan(50);
    expect(found).toEqual(scan(word('coffee')));
    expect(await search('COFFEE')).toEqual(found);
    const partial = await search('coffe');
    expect([...partial].some((id) => found.has(id))).toBe(false);
  });

  it('finds #hashtags and @mentions as words', async () => {
    expect(await search('#NowPlaying')).toEqual(scan((p) => /#nowplaying(?![\p{L}\p{N}_])/iu.test(p.text)));
    const mentions = await search(`@${mentioned}`);
    expect(mentions.size).toBeGreaterThan(0);
    expect(mentions).toEqual(scan((p) => new RegExp(`@${mentioned}(?![A-Za-z0-9_])`, 'i').test(p.text)));
  });

  it('finds an exact phrase only with its words in order', async () => {
    const found = await search('"the new album"');
    expect(found.size).toBeGreaterThan(10);
    expect(found).toEqual(scan(phrase('the new album')));
    expect((await search('"album new the"')).size).toBe(0);
  });

  it('reads Japanese words without spaces', async () => {
    const found = await search('コーヒー');
    expect(found.size).toBeGreaterThan(10);
    expect([...found].every((id) => corpus.posts[corpus.postById.get(id)!]!.text.includes('コーヒー'))).toBe(true);
  });

  it('widens with OR and narrows with -exclusion and ( groups )', async () => {
    expect(await search('coffee OR brunch')).toEqual(scan((p) => word('coffee')(p) || word('brunch')(p)));
    expect(await search('coffee -brunch')).toEqual(scan((p) => word('coffee')(p) && !word('brunch')(p)));
    expect(await search('(coffee OR brunch) lang:en')).toEqual(scan((p) => (word('coffee')(p) || word('brunch')(p)) && p.lang === 'en'));
    expect(await search('coffee -(brunch OR recipe)')).toEqual(scan((p) => word('coffee')(p) && !word('brunch')(p) && !word('recipe')(p)));
    expect(await search('coffee -"homemade ramen"')).toEqual(scan((p) => word('coffee')(p) && !phrase('homemade ramen')(p)));
  });

  it('filters by author (from:) and by who was replied to (to:)', async () => {
    const from = await search(`from:${popularAuthor.username.toUpperCase()}`);
    expect(from).toEqual(scan((p) => p.author === popularAuthor.index));
    expect(from.size).toBeGreaterThan(50);
    const to = await search(`to:${popularAuthor.username}`);
    expect(to.size).toBeGreaterThan(0);
    expect(to).toEqual(scan((p) => p.kind === 'reply' && corpus.posts[p.ref]!.author === popularAuthor.index));
    expect((await search('from:nobody_here_zz')).size).toBe(0);
  });

  it('filters by language and by dates (until is exclusive, UTC)', async () => {
    expect(await search('lang:de brot')).toEqual(scan((p) => p.lang === 'de' && word('brot')(p)));
    const range = await search('since:2025-03-01 until:2025-03-08');
    expect(range).toEqual(scan((p) => p.createdAt >= day('2025-03-01') && p.createdAt < day('2025-03-08')));
    expect(range.size).toBeGreaterThan(100);
    expect((await search('since:2025-03-08 until:2025-03-08')).size).toBe(0);
  });

  it('filters by minimum likes, reposts and replies', async () => {
    expect(await search('min_faves:5000')).toEqual(scan((p) => p.likes >= 5000));
    expect(await search('coffee min_retweets:3')).toEqual(scan((p) => word('coffee')(p) && p.reposts >= 3));
    expect(await search('min_replies:300')).toEqual(scan((p) => p.replies >= 300));
  });

  it('applies filter: and -filter:', async () => {
    const media = (p: PostRec, t?: string) => p.media.some((m) => !t || m.type === t || (t === 'video' && m.type === 'animated_gif'));
    expect(await search('coffee filter:media')).toEqual(scan((p) => word('coffee')(p) && media(p)));
    expect(await search('music filter:images')).toEqual(scan((p) => word('music')(p) && media(p, 'photo')));
    expect(await search('lang:fr filter:videos')).toEqual(scan((p) => p.lang === 'fr' && media(p, 'video')));
    expect(await search('coffee filter:verified')).toEqual(scan((p) => word('coffee')(p) && (userOf(p).verified || userOf(p).blue)));
    expect(await search('coffee filter:replies')).toEqual(scan((p) => word('coffee')(p) && p.kind === 'reply'));
    expect(await search('coffee -filter:replies')).toEqual(scan((p) => word('coffee')(p) && p.kind !== 'reply'));
    expect(await search('lang:en filter:links')).toEqual(scan((p) => p.lang === 'en' && p.hasLink));
  });

  it('combines operators', async () => {
    const found = await search('(concierto OR café) lang:es filter:media min_faves:2 -filter:replies');
    expect(found.size).toBeGreaterThan(5);
    expect(found).toEqual(scan((p) => (word('concierto')(p) || word('café')(p)) && p.lang === 'es' && p.media.length > 0 && p.likes >= 2 && p.kind !== 'reply'));
  });

  it('answers a query with no match with an empty last page', async () => {
    const res = await sb.call<{ tweets: unknown[]; has_next_page: boolean; next_cursor: string }>(`/api/v1/x/tweets/search?q=${q('zqxjvw')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tweets: [], has_next_page: false, next_cursor: '' });
  });
});
