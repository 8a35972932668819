import { snowflake } from './ids';
import { CITIES, HANDLE_WORDS, NAMES, asciiHandle } from './names';
import type { Rng } from './random';
import { composeBio, orgName } from './text';
import { LANGS, REFERENCE_DATE, TOPICS, type Lang, type User } from './types';

const LANG_WEIGHTS: Record<Lang, number> = { en: 0.44, es: 0.16, pt: 0.11, ja: 0.11, fr: 0.09, de: 0.09 };
const FIRST_ACCOUNT = Date.UTC(2011, 0, 1);
/** Names the routes use as path words (`/users/search`), never given to an account. */
const RESERVED = new Set(['search', 'batch']);

export function pickLang(rng: Rng): Lang {
  let r = rng.next();
  for (const lang of LANGS) {
    r -= LANG_WEIGHTS[lang];
    if (r < 0) return lang;
  }
  return 'en';
}

function distinctTopics(rng: Rng, count: number): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const t = rng.int(TOPICS.length);
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

/** A display name and a handle stem for a person. */
export function person(rng: Rng, lang: Lang, topic: number): { name: string; handle: string } {
  const names = NAMES[lang];
  const fi = rng.int(names.first.length);
  const li = rng.int(names.last.length);
  const first = names.first[fi]!;
  const last = names.last[li]!;
  const fr = asciiHandle(names.firstRoman?.[fi] ?? first);
  const lr = asciiHandle(names.lastRoman?.[li] ?? last);
  const r = rng.next();
  const name =
    lang === 'ja' ? (r < 0.6 ? `${last} ${first}` : r < 0.85 ? first : `${first}@${TOPICS[topic]}`) : r < 0.7 ? `${first} ${last}` : r < 0.85 ? first : `${first} ${rng.pick(['✨', '🌿', '☕', '🚀', '📚', '⚽'])}`;
  const h = rng.next();
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const handle =
    h < 0.3 ? `${fr}${lr}` : h < 0.5 ? `${fr}_${lr}` : h < 0.65 ? `${cap(fr)}${cap(lr)}` : h < 0.8 ? `${fr}${rng.int(100)}` : h < 0.9 ? `${lr}${fr.charAt(0)}` : `${fr}_${rng.pick(HANDLE_WORDS)}`;
  return { name, handle };
}

function uniqueHandle(rng: Rng, stem: string, taken: Set<string>): string {
  let base = stem.replace(/[^A-Za-z0-9_]/g, '').slice(0, 15) || 'user';
  for (let attempt = 0; ; attempt++) {
    const lower = base.toLowerCase();
    if (!taken.has(lower) && !RESERVED.has(lower)) {
      taken.add(lower);
      return base;
    }
    const suffix = String(attempt < 5 ? rng.int(100) : rng.int(100000));
    base = stem.slice(0, 15 - suffix.length) + suffix;
  }
}

/** Users sorted by account creation; ids follow creation order. */
export function generateUsers(rng: Rng, count: number): User[] {
  const taken = new Set<string>();
  const drafts: User[] = [];
  for (let i = 0; i < count; i++) {
    const lang = pickLang(rng);
    const isOrg = rng.chance(0.07);
    const topics = distinctTopics(rng, isOrg ? 1 + rng.int(2) : 2 + rng.int(2));
    const who = isOrg ? { name: orgName(rng, lang, topics[0]!), handle: '' } : person(rng, lang, topics[0]!);
    if (isOrg) who.handle = asciiHandle(who.name.replace(/\s+/g, '')) || `${TOPICS[topics[0]!]}news`;
    const createdAt = FIRST_ACCOUNT + Math.floor(rng.next() * (REFERENCE_DATE - 20 * 86400000 - FIRST_ACCOUNT));
    drafts.push({
      index: 0,
      id: '',
      name: who.name,
      username: uniqueHandle(rng, who.handle, taken),
      description: rng.chance(isOrg ? 1 : 0.85) ? composeBio(rng, { lang, topics, isOrg }) : '',
      location: rng.chance(0.72) ? rng.pick(CITIES[lang]) : '',
      createdAt,
      lang,
      topics,
      isOrg,
      fame: 0,
      activity: 0,
      hue: rng.int(360),
      verified: false,
      blue: false,
      followersCount: 0,
      followingCount: 0,
      statusesCount: 0,
    });
  }
  for (const u of drafts) {
    u.fame = Math.min(400, rng.pareto(1, 1.15) * (u.isOrg ? 3 : 1));
    // Famous accounts tend to post more (media, public figures), but not always.
    u.activity = Math.min(60, rng.pareto(1, 1.6) * (u.isOrg ? 2 : 1) * (1 + Math.pow(u.fame, 0.35) * rng.next()));
  }
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  drafts.forEach((u, i) => {
    u.index = i;
    u.id = snowflake(u.createdAt, i);
  });
  return drafts;
}
