import { row } from './csr';
import { snowflake } from './ids';
import { media } from './media-items';
import { weightedPicker, type Rng } from './random';
import { composeOriginal, composeQuote, composeReply } from './text';
import { POST_SPAN_MS, REFERENCE_DATE, type Csr, type PostKind, type PostRec, type User } from './types';

const DAY = 86400000;
const VIRAL = 2000;
const VIRAL_CHANCE = 0.0005;

/** Topics rise and fall over time (each on its own slow wave), so trends differ by date. */
const topicWeight = (topic: number, t: number) => 1 + 0.85 * Math.sin((2 * Math.PI * t) / ((25 + topic * 7) * DAY) + topic * 1.7);

function counts(rng: Rng, p: PostRec, author: User) {
  if (p.kind === 'repost') return;
  const reach = p.virality >= VIRAL ? 25 : Math.pow(author.followersCount + 20, 0.7) * 0.04 * (p.kind === 'reply' ? 0.3 : 1);
  p.likes = Math.floor(reach * p.virality * rng.logNormal(1, 0.35));
  p.reposts = Math.floor(p.likes * (0.04 + rng.next() * 0.21));
  p.replies = Math.floor(p.likes * (0.02 + rng.next() * 0.1));
  p.quotes = Math.floor(p.reposts * (0.03 + rng.next() * 0.17));
  p.bookmarks = Math.floor(p.likes * (0.01 + rng.next() * 0.11));
  p.views = Math.floor(p.likes * (25 + rng.next() * 65) + author.followersCount * (0.03 + rng.next() * 0.22) + rng.int(40));
}

/**
 * Posts in time order (ids follow time). Authors post in proportion to their activity; replies,
 * quotes and reposts pick earlier posts from an attraction pool where each post appears in
 * proportion to its virality and its author's fame, favouring recent ones: viral posts gather
 * the threads, and a few posts hold most of the engagement.
 */
export function generatePosts(rng: Rng, users: User[], following: Csr, count: number): { posts: PostRec[]; pool: number[] } {
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) times[i] = Math.floor(REFERENCE_DATE - POST_SPAN_MS * (1 - Math.pow(rng.next(), 0.8)));
  times.sort();
  const pickAuthor = weightedPicker(users.map((u) => u.activity));
  const pool: number[] = [];
  const lastOf = new Int32Array(users.length).fill(-1);
  const reposted = new Set<number>();
  const posts: PostRec[] = [];

  for (let i = 0; i < count; i++) {
    const t = times[i]!;
    let author = pickAuthor(rng.next());
    for (let k = 0; k < 5 && users[author]!.createdAt > t; k++) author = pickAuthor(rng.next());
    const u = users[author]!;
    const r = rng.next();
    let kind: PostKind = pool.length < 200 || r < 0.58 ? 'original' : r < 0.82 ? 'reply' : r < 0.88 ? 'quote' : 'repost';
    let ref = -1;
    const last = lastOf[author]!;
    if (kind === 'reply' && last >= 0 && posts[last]!.kind !== 'repost' && t - posts[last]!.createdAt < 2 * DAY && rng.chance(0.2)) ref = last;
    else if (kind !== 'original') ref = pool[pool.length - 1 - Math.floor(rng.next() ** 2 * Math.min(pool.length, 6000))]!;
    if (kind === 'repost' && (posts[ref]!.author === author || reposted.has(ref * users.length + author))) kind = 'quote';
    const target = ref >= 0 ? posts[ref]! : null;
    const topicOf = () => {
      const ws = u.topics.map((tp) => topicWeight(tp, t));
      let x = rng.next() * ws.reduce((a, b) => a + b, 0);
      for (let k = 0; k < ws.length; k++) if ((x -= ws[k]!) < 0) return u.topics[k]!;
      return u.topics[0]!;
    };
    const topic = target && (kind !== 'quote' || rng.chance(0.6)) ? target.topic : topicOf();
    const lang = target && target.lang !== u.lang && kind !== 'quote' && rng.chance(0.6) ? target.lang : u.lang;
    const p: PostRec = {
      index: i,
      id: snowflake(t, i),
      author,
      createdAt: t,
      kind,
      ref,
      root: kind === 'reply' && target ? target.root : i,
      lang: kind === 'repost' && target ? target.lang : lang,
      topic,
      text: '',
      media: [],
      hasLink: false,
      virality: 0,
      likes: 0,
      reposts: 0,
      replies: 0,
      quotes: 0,
      views: 0,
      bookmarks: 0,
    };
    if (kind === 'original') {
      const follows = row(following, author);
      const mention = follows.length && rng.chance(0.12) ? users[follows[rng.int(follows.length)]!]!.username : null;
      const composed = composeOriginal(rng, { lang, topic, mention, withLink: rng.chance(0.08) });
      p.text = composed.text;
      p.hasLink = composed.hasLink;
      p.media = rng.chance(0.18) ? media(rng, lang, topic) : [];
      // A handful of posts go viral whoever wrote them; the rest follow the author's reach.
      p.virality = rng.chance(VIRAL_CHANCE) ? VIRAL + rng.next() * 4000 : Math.min(1500, rng.pareto(1, 1.18));
    } else if (kind === 'reply') {
      const to = target!.author === author ? null : users[target!.author]!.username;
      p.text = composeReply(rng, { lang, topic, to });
      p.media = rng.chance(0.04) ? media(rng, lang, topic).slice(0, 1) : [];
      p.virality = Math.min(200, rng.pareto(1, 2)) * 0.5;
    } else if (kind === 'quote') {
      p.text = composeQuote(rng, { lang, topic });
      p.media = rng.chance(0.1) ? media(rng, lang, topic) : [];
      p.virality = Math.min(500, rng.pareto(1, 1.5));
    } else {
      reposted.add(ref * users.length + author);
      p.text = `RT @${users[target!.author]!.username}: ${target!.text}`;
    }
    counts(rng, p, u);
    posts.push(p);
    lastOf[author] = i;
    if (kind !== 'repost') {
      const weight = p.virality >= VIRAL ? 600 : Math.min(150, Math.max(1, Math.round(Math.sqrt(p.virality * u.fame))));
      for (let k = 0; k < weight; k++) pool.push(i);
    }
  }
  return { posts, pool };
}
