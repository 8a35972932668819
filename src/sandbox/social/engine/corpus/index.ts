import { Edges, degree, toCsr } from './csr';
import { buildGraph } from './graph';
import { generateLikes } from './likes';
import { generatePosts } from './posts';
import { makeRng } from './random';
import { generateUsers } from './users';
import type { Corpus } from './types';

export const USER_COUNT = 2400;
export const POST_COUNT = 50_000;
export const DEFAULT_SEED = 20250601;
/** Followers of the most followed account: an audience far larger than the corpus, generated on demand. */
export const BIG_AUDIENCE = 150_000;

/** Builds the whole corpus from a seed: same seed, same corpus, byte for byte. */
export function buildCorpus(seed: number, sizes = { users: USER_COUNT, posts: POST_COUNT }): Corpus {
  const started = performance.now();
  const rng = makeRng(seed);
  const users = generateUsers(rng, sizes.users);
  const { followers, following } = buildGraph(rng, users);
  const { posts, pool } = generatePosts(rng, users, following, sizes.posts);
  const likes = generateLikes(rng, users, posts, pool);

  const n = posts.length;
  const authored = new Edges();
  const replies = new Edges();
  const quotes = new Edges();
  const reposts = new Edges();
  const threads = new Edges();
  const repliesTo = new Edges();
  for (const p of posts) {
    authored.add(p.author, p.index);
    if (p.kind === 'reply') {
      replies.add(p.ref, p.index);
      repliesTo.add(posts[p.ref]!.author, p.index);
    }
    if (p.kind === 'quote') quotes.add(p.ref, p.index);
    if (p.kind === 'repost') reposts.add(p.ref, p.index);
    else threads.add(p.root, p.index);
  }
  const corpus: Corpus = {
    seed,
    users,
    posts,
    userById: new Map(users.map((u) => [u.id, u.index])),
    userByName: new Map(users.map((u) => [u.username.toLowerCase(), u.index])),
    postById: new Map(posts.map((p) => [p.id, p.index])),
    followers,
    following,
    byAuthor: toCsr(users.length, authored.src, authored.dst),
    likesByUser: toCsr(users.length, likes.src, likes.dst),
    likersByPost: toCsr(n, likes.dst, likes.src),
    repliesOf: toCsr(n, replies.src, replies.dst),
    quotesOf: toCsr(n, quotes.src, quotes.dst),
    repostsOf: toCsr(n, reposts.src, reposts.dst),
    conversation: toCsr(n, threads.src, threads.dst),
    repliesTo: toCsr(users.length, repliesTo.src, repliesTo.dst),
    generationMs: 0,
  };
  // Counts on a post never fall below what the corpus itself shows.
  for (const p of posts) {
    if (p.kind === 'repost') continue;
    p.likes = Math.max(p.likes, degree(corpus.likersByPost, p.index));
    p.replies = Math.max(p.replies, degree(corpus.repliesOf, p.index));
    p.quotes = Math.max(p.quotes, degree(corpus.quotesOf, p.index));
    p.reposts = Math.max(p.reposts, degree(corpus.repostsOf, p.index));
  }
  // A profile's post count is what its lists hold (posts and replies), so the two agree.
  for (const u of users) u.statusesCount = degree(corpus.byAuthor, u.index);
  // The most followed account has at least 150,000 followers (lists beyond the corpus are generated).
  const top = users.reduce((a, b) => (b.followersCount > a.followersCount ? b : a));
  top.followersCount = Math.max(top.followersCount, BIG_AUDIENCE);
  corpus.generationMs = performance.now() - started;
  return corpus;
}

const cache = new Map<number, Corpus>();

/** The corpus of a seed, built on first use and kept (a couple of seeds at most). */
export function getCorpus(seed = DEFAULT_SEED): Corpus {
  let corpus = cache.get(seed);
  if (!corpus) {
    corpus = buildCorpus(seed);
    if (cache.size >= 2) cache.delete(cache.keys().next().value as number);
    cache.set(seed, corpus);
  }
  return corpus;
}
