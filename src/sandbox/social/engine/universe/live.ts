import { fnv1a } from '../../../shared/hash';
import { row } from '../corpus/csr';
import { media as mediaOf } from '../corpus/media-items';
import { hash32, makeRng } from '../corpus/random';
import { composeOriginal, composeQuote, composeReply } from '../corpus/text';
import type { Corpus, PostRec } from '../corpus/types';

/**
 * New activity after the corpus, on the sandbox clock: in every slot (a minute of sandbox time,
 * shorter at SANDBOX_SPEED) a watched account may post, reply, quote or repost, and others may
 * mention it; posts matching a watched keyword appear. Each slot's activity is a pure function of
 * (seed, target, slot), so monitors, lists and extraction jobs all see the same posts, and a
 * restart changes nothing. Live post ids are `3` + 19 digits (the activity's number).
 */
export type Activity = { number: number; post: PostRec; primary: string; flags: string[]; about: 'account' | 'keyword' };

const SLOT_BITS = 2 ** 27;
const OWNERS = 2 ** 17;
/** Slots looked at, at most (the most recent ones). */
const MAX_SLOTS = 100_000;
const KIND = { posts: 1, replies: 2, shares: 3, mentions: 4, keyword: 5 } as const;

const liveNumber = (kind: number, owner: number, slot: number, j: number) => ((kind * OWNERS + owner) * SLOT_BITS + slot) * 4 + j;
export const liveId = (n: number) => '3' + String(n).padStart(19, '0');
export const liveNumberOf = (id: string) => (id.length === 20 && id[0] === '3' ? Number(id.slice(1)) : null);

export class LiveActivity {
  /** Keyword queries by their owner number (registered by keyword monitors, so their posts resolve). */
  private readonly queries = new Map<number, string>();

  constructor(
    private readonly corpus: Corpus,
    readonly since: number,
    readonly slotMs: number,
  ) {}

  slotAt(t: number) {
    return Math.floor((t - this.since) / this.slotMs);
  }
  timeOf(slot: number) {
    return this.since + (slot + 1) * this.slotMs;
  }
  registerQuery(query: string) {
    this.queries.set(fnv1a(query.toLowerCase()) % OWNERS, query);
  }

  /** Activity of an account in slots [from, to), oldest first. */
  account(user: number, from: number, to: number): Activity[] {
    const out: Activity[] = [];
    for (let slot = Math.max(0, from, to - MAX_SLOTS); slot < to; slot++) {
      for (const kind of [KIND.posts, KIND.replies, KIND.shares, KIND.mentions]) {
        const a = this.make(liveNumber(kind, user, slot, 0));
        if (a) out.push(a);
      }
    }
    return out;
  }

  /** Posts matching a keyword in slots [from, to), oldest first. */
  keyword(query: string, from: number, to: number): Activity[] {
    this.registerQuery(query);
    const owner = fnv1a(query.toLowerCase()) % OWNERS;
    const out: Activity[] = [];
    for (let slot = Math.max(0, from, to - MAX_SLOTS); slot < to; slot++) {
      const a = this.make(liveNumber(KIND.keyword, owner, slot, 0));
      if (a) out.push(a);
    }
    return out;
  }

  /** The live post of an id, or null (also when its slot has not come yet at `now`). */
  post(n: number, now: number): PostRec | null {
    const a = this.make(n);
    return a && a.post.createdAt <= now ? a.post : null;
  }

  private make(n: number): Activity | null {
    const j = n % 4;
    const slot = Math.floor(n / 4) % SLOT_BITS;
    const owner = Math.floor(n / 4 / SLOT_BITS) % OWNERS;
    const kind = Math.floor(n / 4 / SLOT_BITS / OWNERS);
    const c = this.corpus;
    const rng = makeRng(hash32(c.seed, 97, kind, owner, slot, j));
    const chance = kind === KIND.posts ? 0.3 : kind === KIND.replies ? 0.2 : kind === KIND.shares ? 0.1 : kind === KIND.mentions ? 0.2 : 0.35;
    if (!rng.chance(chance)) return null;
    const createdAt = this.since + slot * this.slotMs + Math.floor(rng.next() * this.slotMs);
    const base = (author: number, lang = c.users[author]!.lang, topic = c.users[author]!.topics[0]!) => ({
      index: -1,
      id: liveId(n),
      author,
      createdAt,
      ref: -1,
      root: -1,
      lang,
      topic,
      media: [],
      hasLink: false,
      virality: 1,
      likes: rng.int(40),
      reposts: rng.int(6),
      replies: rng.int(4),
      quotes: 0,
      views: 100 + rng.int(4000),
      bookmarks: rng.int(3),
    });
    const other = () => {
      const u = rng.int(c.users.length);
      return u === owner ? (u + 1) % c.users.length : u;
    };
    const recent = (u: number) => {
      const posts = row(c.byAuthor, u);
      for (let i = posts.length - 1; i >= 0; i--) if (c.posts[posts[i]!]!.kind !== 'repost') return posts[i]!;
      return -1;
    };
    if (kind === KIND.keyword) {
      const query = this.queries.get(owner);
      if (!query) return null;
      const author = rng.int(c.users.length);
      const u = c.users[author]!;
      const topic = u.topics[0]!;
      const text = `${composeOriginal(rng, { lang: u.lang, topic, mention: null, withLink: false }).text.slice(0, 200)} ${query}`;
      const post: PostRec = { ...base(author), kind: 'original', text, root: -1 };
      return { number: n, post, primary: 'tweet.new', flags: flagsOf(post), about: 'keyword' };
    }
    if (owner >= c.users.length) return null;
    const user = c.users[owner]!;
    if (kind === KIND.posts) {
      const topic = rng.pick(user.topics);
      const composed = composeOriginal(rng, { lang: user.lang, topic, mention: null, withLink: rng.chance(0.1) });
      const post: PostRec = { ...base(owner, user.lang, topic), kind: 'original', text: composed.text, hasLink: composed.hasLink, media: rng.chance(0.2) ? mediaOf(rng, user.lang, topic).slice(0, 1) : [] };
      return { number: n, post, primary: 'tweet.new', flags: flagsOf(post), about: 'account' };
    }
    if (kind === KIND.replies || kind === KIND.shares) {
      const target = recent(other());
      if (target < 0) return null;
      const t = c.posts[target]!;
      if (kind === KIND.replies) {
        const post: PostRec = { ...base(owner, user.lang, t.topic), kind: 'reply', ref: target, root: t.root, text: composeReply(rng, { lang: user.lang, topic: t.topic, to: c.users[t.author]!.username }) };
        return { number: n, post, primary: 'tweet.reply', flags: flagsOf(post), about: 'account' };
      }
      const quote = rng.chance(0.5);
      const text = quote ? composeQuote(rng, { lang: user.lang, topic: t.topic }) : `RT @${c.users[t.author]!.username}: ${t.text}`;
      const post: PostRec = { ...base(owner, user.lang, t.topic), kind: quote ? 'quote' : 'repost', ref: target, text };
      return { number: n, post, primary: quote ? 'tweet.quote' : 'tweet.retweet', flags: [], about: 'account' };
    }
    const author = other();
    const a = c.users[author]!;
    const topic = a.topics[0]!;
    const post: PostRec = { ...base(author, a.lang, topic), kind: 'original', text: composeOriginal(rng, { lang: a.lang, topic, mention: user.username, withLink: false }).text };
    if (!post.text.includes(`@${user.username}`)) post.text = `@${user.username} ${post.text}`.slice(0, 280);
    return { number: n, post, primary: 'tweet.mention', flags: [], about: 'account' };
  }
}

function flagsOf(p: PostRec): string[] {
  const flags: string[] = [];
  if (p.media.length) flags.push('tweet.media');
  if (p.hasLink) flags.push('tweet.link');
  if (/#[\p{L}\p{N}_]+/u.test(p.text)) flags.push('tweet.hashtag');
  if (p.text.length > 250) flags.push('tweet.longform');
  return flags;
}
