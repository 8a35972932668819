import { describe, expect, it } from 'vitest';
import { USERNAME } from '../../../../contracts/social';
import { degree } from './csr';
import { buildCorpus, DEFAULT_SEED, getCorpus, POST_COUNT, USER_COUNT } from './index';
import { LANGS, POST_SPAN_MS, REFERENCE_DATE } from './types';

const corpus = getCorpus(DEFAULT_SEED);
const share = (n: number) => n / corpus.posts.length;

describe('social corpus', () => {
  it('is the same for the same seed and different for another', () => {
    const again = buildCorpus(DEFAULT_SEED);
    const firstPosts = (c: typeof corpus) => c.posts.slice(0, 50).map((p) => [p.id, p.text, p.likes, c.users[p.author]!.username]);
    expect(firstPosts(again)).toEqual(firstPosts(corpus));
    expect(again.posts.at(-1)).toEqual(corpus.posts.at(-1));
    expect(again.users.map((u) => u.username)).toEqual(corpus.users.map((u) => u.username));
    const other = buildCorpus(DEFAULT_SEED + 1);
    expect(firstPosts(other)).not.toEqual(firstPosts(corpus));
  });

  it('has thousands of users and 50,000 posts with numeric ids and valid user names', () => {
    expect(corpus.users.length).toBe(USER_COUNT);
    expect(corpus.posts.length).toBe(POST_COUNT);
    expect(USER_COUNT).toBeGreaterThanOrEqual(2000);
    for (const u of corpus.users) {
      expect(u.id).toMatch(/^\d+$/);
      expect(u.username).toMatch(USERNAME);
    }
    expect(new Set(corpus.users.map((u) => u.username.toLowerCase())).size).toBe(USER_COUNT);
    expect(new Set(corpus.posts.map((p) => p.id)).size).toBe(POST_COUNT);
    expect(corpus.posts.every((p) => /^\d+$/.test(p.id))).toBe(true);
  });

  it('dates posts over the two years before the reference date, ids following time', () => {
    const first = corpus.posts[0]!;
    const last = corpus.posts.at(-1)!;
    expect(first.createdAt).toBeGreaterThanOrEqual(REFERENCE_DATE - POST_SPAN_MS);
    expect(last.createdAt).toBeLessThanOrEqual(REFERENCE_DATE);
    expect(REFERENCE_DATE - first.createdAt).toBeGreaterThan(POST_SPAN_MS * 0.95);
    const outOfOrder = corpus.posts.filter((p, i) => i > 0 && BigInt(p.id) <= BigInt(corpus.posts[i - 1]!.id));
    expect(outOfOrder).toEqual([]);
  });

  it('writes in six languages, with hashtags, mentions and links', () => {
    for (const lang of LANGS) expect(share(corpus.posts.filter((p) => p.lang === lang).length)).toBeGreaterThan(0.04);
    const originals = corpus.posts.filter((p) => p.kind === 'original');
    expect(originals.filter((p) => /#\S+/.test(p.text)).length / originals.length).toBeGreaterThan(0.5);
    expect(originals.some((p) => /(^|\s)@[A-Za-z0-9_]+/.test(p.text))).toBe(true);
    expect(originals.filter((p) => p.hasLink).length / originals.length).toBeGreaterThan(0.05);
    expect(corpus.posts.find((p) => p.lang === 'ja' && p.kind === 'original')!.text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('has replies in threads, quotes and reposts pointing at earlier posts', () => {
    const kinds = new Map<string, number>();
    for (const p of corpus.posts) kinds.set(p.kind, (kinds.get(p.kind) ?? 0) + 1);
    expect(share(kinds.get('reply')!)).toBeGreaterThan(0.15);
    expect(share(kinds.get('quote')!)).toBeGreaterThan(0.03);
    expect(share(kinds.get('repost')!)).toBeGreaterThan(0.05);
    expect(corpus.posts.filter((p) => p.ref >= p.index)).toEqual([]);
    const deepest = Math.max(...corpus.posts.map((p) => degree(corpus.conversation, p.index)));
    expect(deepest).toBeGreaterThan(20);
  });

  it('attaches photos, videos and GIFs with sizes', () => {
    const media = corpus.posts.flatMap((p) => p.media);
    for (const type of ['photo', 'video', 'animated_gif'] as const) expect(media.filter((m) => m.type === type).length).toBeGreaterThan(100);
    expect(media.every((m) => m.width >= 200 && m.height >= 200)).toBe(true);
    expect(media.some((m) => m.alt.length > 0)).toBe(true);
  });

  it('skews engagement: the top 1% of posts hold a large share of likes', () => {
    const likes = corpus.posts.map((p) => p.likes).sort((a, b) => b - a);
    const total = likes.reduce((a, b) => a + b, 0);
    const top = likes.slice(0, corpus.posts.length / 100).reduce((a, b) => a + b, 0);
    expect(top / total).toBeGreaterThan(0.3);
    expect(likes[0]).toBeGreaterThan(10_000);
    expect(likes[Math.floor(likes.length / 2)]).toBeLessThan(20);
  });

  it('skews the follower graph: a few accounts with tens of thousands, real edges behind them', () => {
    const counts = corpus.users.map((u) => u.followersCount).sort((a, b) => b - a);
    expect(counts[0]).toBeGreaterThan(20_000);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThan(1000);
    const inDegrees = corpus.users.map((u) => degree(corpus.followers, u.index)).sort((a, b) => b - a);
    expect(inDegrees[0]).toBeGreaterThan(500);
    expect(corpus.followers.items.length).toBe(corpus.following.items.length);
  });

  it('verifies about 3% of users and gives blue checks to more', () => {
    const verified = corpus.users.filter((u) => u.verified).length / corpus.users.length;
    expect(verified).toBeGreaterThan(0.02);
    expect(verified).toBeLessThan(0.045);
    expect(corpus.users.filter((u) => u.blue).length).toBeGreaterThan(corpus.users.filter((u) => u.verified).length);
  });

  it('keeps counts at least as large as the corpus shows', () => {
    const below = corpus.posts.filter(
      (p) =>
        p.kind !== 'repost' &&
        (p.likes < degree(corpus.likersByPost, p.index) || p.replies < degree(corpus.repliesOf, p.index) || p.quotes < degree(corpus.quotesOf, p.index) || p.reposts < degree(corpus.repostsOf, p.index)),
    );
    expect(below).toEqual([]);
  });
});
