import { hash32, makeRng } from '../corpus/random';
import { composeBio, composeQuote, composeReply } from '../corpus/text';
import { CITIES } from '../corpus/names';
import { person, pickLang } from '../corpus/users';
import { REFERENCE_DATE, TOPICS, type Corpus, type PostRec, type User } from '../corpus/types';

/**
 * Accounts and posts beyond the corpus, generated from the seed where a list needs more than the
 * corpus holds (the 150,000 followers of a popular account, the 19,000 replies of a viral post).
 * Each is a pure function of (seed, number): never stored, the same on every call, and its id says
 * which number it is, so `GET /x/users/{id}` and `GET /x/tweets/{id}` find it again.
 *
 * Ids: generated users `1` + 19 digits, generated posts `2` + 19 digits, live posts `3` + 19
 * digits; corpus ids have 19 digits.
 */

export const UserRel = { Followers: 1, Following: 2, Favoriters: 3, Reposters: 4, ListMembers: 5, ListFollowers: 6, CommunityMembers: 7, SpaceListeners: 8 } as const;
export const PostRel = { Replies: 1, Quotes: 2 } as const;

const SPAN = 2 ** 24;
const OWNERS = 2 ** 17;
export const genNumber = (rel: number, owner: number, k: number) => (rel * OWNERS + (owner % OWNERS)) * SPAN + k;
const split = (g: number) => [g % 2 ** 32, Math.floor(g / 2 ** 32)] as const;
const pad = (prefix: string, n: number) => prefix + String(n).padStart(19, '0');

export const genUserId = (g: number) => pad('1', g);
export const genPostId = (h: number) => pad('2', h);
/** The number of a generated id of the given prefix, or null. */
export function genNumberOf(id: string, prefix: '1' | '2' | '3'): number | null {
  if (id.length !== 20 || id[0] !== prefix) return null;
  const n = Number(id.slice(1));
  return Number.isSafeInteger(n) ? n : null;
}
export const relOf = (g: number) => Math.floor(g / SPAN / OWNERS);
export const ownerOf = (g: number) => Math.floor(g / SPAN) % OWNERS;
export const ordinalOf = (g: number) => g % SPAN;

/** Verified or blue, from a hash alone (lists of verified followers filter 150,000 of these cheaply). */
export function genChecked(seed: number, g: number): { verified: boolean; blue: boolean } {
  const h = hash32(seed, 91, ...split(g)) % 1000;
  return { verified: h < 30, blue: h >= 30 && h < 150 };
}

const FIRST = Date.UTC(2010, 0, 1);

export function genUser(corpus: Corpus, g: number): User {
  const rng = makeRng(hash32(corpus.seed, 71, ...split(g)));
  const lang = pickLang(rng);
  const topics = [rng.int(TOPICS.length), rng.int(TOPICS.length)];
  const who = person(rng, lang, topics[0]!);
  const stem = who.handle.replace(/[^A-Za-z0-9_]/g, '').slice(0, 9) || 'user';
  const { verified, blue } = genChecked(corpus.seed, g);
  const createdAt = FIRST + Math.floor(rng.next() * (REFERENCE_DATE - FIRST - 86_400_000));
  return {
    index: -1,
    id: genUserId(g),
    name: who.name,
    username: `${stem}_${(g % 36 ** 5).toString(36)}`,
    description: rng.chance(0.7) ? composeBio(rng, { lang, topics, isOrg: false }) : '',
    location: rng.chance(0.6) ? rng.pick(CITIES[lang]) : '',
    createdAt,
    lang,
    topics,
    isOrg: false,
    fame: 0,
    activity: 0,
    hue: rng.int(360),
    verified,
    blue,
    followersCount: Math.min(200_000, Math.floor(rng.pareto(8, verified ? 0.6 : 1.4))),
    followingCount: Math.floor(rng.logNormal(180, 0.9)),
    statusesCount: Math.floor(rng.logNormal(900, 1.2)),
  };
}

/** The k-th generated reply or quote of a corpus post: written by a corpus account, after the post. */
export function genPost(corpus: Corpus, h: number): PostRec | null {
  const rel = relOf(h);
  const target = corpus.posts[ownerOf(h)];
  if (!target || (rel !== PostRel.Replies && rel !== PostRel.Quotes)) return null;
  const k = ordinalOf(h);
  const rng = makeRng(hash32(corpus.seed, 73, ...split(h)));
  let author = rng.int(corpus.users.length);
  if (author === target.author) author = (author + 1) % corpus.users.length;
  const u = corpus.users[author]!;
  const lang = rng.chance(0.8) ? target.lang : u.lang;
  const to = corpus.users[target.author]!.username;
  const isReply = rel === PostRel.Replies;
  // Spread over the days after the post, in order of k.
  const createdAt = Math.min(REFERENCE_DATE - 1, target.createdAt + 60_000 * (k + 1) + rng.int(60_000));
  const likes = Math.floor(rng.pareto(1, 1.8)) - 1;
  return {
    index: -1,
    id: genPostId(h),
    author,
    createdAt,
    kind: isReply ? 'reply' : 'quote',
    ref: target.index,
    root: isReply ? target.root : -1,
    lang,
    topic: target.topic,
    text: isReply ? composeReply(rng, { lang, topic: target.topic, to }) : composeQuote(rng, { lang, topic: target.topic }),
    media: [],
    hasLink: false,
    virality: 0,
    likes,
    reposts: Math.floor(likes / 8),
    replies: Math.floor(likes / 12),
    quotes: 0,
    views: likes * 40 + rng.int(300),
    bookmarks: Math.floor(likes / 20),
  };
}
