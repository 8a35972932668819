import { capitalize, LEXICONS } from './lexicon';
import type { Rng } from './random';
import { TOPICS, type Lang } from './types';

/** Post texts, bios and alt texts composed from the lexicons: templates, topic lines, tags. */

const LINK_HOSTS = ['example.com', 'example.org', 'example.net', 'blog.example.com', 'news.example.org'];
const MAX_LEN = 280;

const topicWords = (lang: Lang, topic: number) => LEXICONS[lang].topics[TOPICS[topic]!];

/** One sentence about a topic: a whole line, or a template filled with the topic's nouns. */
function sentence(rng: Rng, lang: Lang, topic: number): string {
  const words = topicWords(lang, topic);
  if (rng.chance(0.4)) return rng.pick(words.lines);
  const n = rng.pick(words.nouns);
  let m = rng.pick(words.nouns);
  if (m === n) m = words.nouns[(words.nouns.indexOf(n) + 1) % words.nouns.length]!;
  return rng
    .pick(LEXICONS[lang].templates)
    .replace('{N}', capitalize(n))
    .replace('{n}', n)
    .replace('{m}', m);
}

function hashtags(rng: Rng, lang: Lang, topic: number, max: number): string[] {
  const r = rng.next();
  const count = Math.min(max, r < 0.35 ? 0 : r < 0.75 ? 1 : r < 0.93 ? 2 : 3);
  const pool = [...topicWords(lang, topic).tags];
  if (lang !== 'en' && rng.chance(0.15)) pool.push(...topicWords('en', topic).tags.slice(0, 1));
  const out: string[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(rng.int(pool.length), 1)[0]!);
  return out;
}

const link = (rng: Rng, topic: number) => `https://${rng.pick(LINK_HOSTS)}/${TOPICS[topic]}/${(rng.int(2 ** 31) >>> 0).toString(36)}`;

/** Joins the parts that fit in 280 characters, in order of importance (first = kept). */
function fit(lang: Lang, parts: Array<string | null>): string {
  const sep = LEXICONS[lang].space;
  const kept = parts.filter((p): p is string => !!p);
  while (kept.length > 1 && kept.join(sep).length > MAX_LEN) kept.pop();
  return kept.join(sep).slice(0, MAX_LEN);
}

export type OriginalOptions = { lang: Lang; topic: number; mention: string | null; withLink: boolean };

export function composeOriginal(rng: Rng, o: OriginalOptions): { text: string; hasLink: boolean } {
  const lex = LEXICONS[o.lang];
  const opener = rng.chance(0.12) ? rng.pick(lex.openers) : null;
  const first = sentence(rng, o.lang, o.topic);
  const second = rng.chance(0.3) ? sentence(rng, o.lang, o.topic) : null;
  const closer = rng.chance(0.22) ? rng.pick(lex.closers) : null;
  const tags = hashtags(rng, o.lang, o.topic, 3).join(' ') || null;
  const url = o.withLink ? `${rng.pick(lex.linkIntros)} ${link(rng, o.topic)}` : null;
  const mention = o.mention ? `@${o.mention}` : null;
  // After "Honestly," a sentence goes on in lower case (not in German, nor for acronyms).
  const lower = opener?.endsWith(',') && o.lang !== 'de';
  const rest = lower ? first.replace(/^([¿¡]?)(\p{Lu})(?=\p{Ll})/u, (_, mark: string, c: string) => mark + c.toLowerCase()) : first;
  const body = opener ? `${opener}${lex.space}${rest}` : first;
  const lead = mention && rng.chance(0.5) ? `${mention} ${body}` : body;
  const tail = mention && !lead.startsWith('@') ? `cc ${mention}` : null;
  // Spaces always separate tags, mentions and links, so they stay whole tokens in any language.
  const text = [fit(o.lang, [lead, second, closer]), url, tail, tags].filter(Boolean).join(' ');
  return { text: text.length > MAX_LEN ? [lead, url, tags].filter(Boolean).join(' ').slice(0, MAX_LEN) : text, hasLink: !!url };
}

export function composeReply(rng: Rng, o: { lang: Lang; topic: number; to: string | null }): string {
  const lex = LEXICONS[o.lang];
  const parts = [rng.pick(lex.replies), rng.chance(0.45) ? sentence(rng, o.lang, o.topic) : null, rng.chance(0.1) ? rng.pick(lex.closers) : null];
  const tags = rng.chance(0.1) ? hashtags(rng, o.lang, o.topic, 1).join(' ') : '';
  return [o.to ? `@${o.to}` : null, fit(o.lang, parts), tags || null].filter(Boolean).join(' ').slice(0, MAX_LEN);
}

export function composeQuote(rng: Rng, o: { lang: Lang; topic: number }): string {
  const lex = LEXICONS[o.lang];
  const parts = [rng.pick(lex.quotes), rng.chance(0.5) ? sentence(rng, o.lang, o.topic) : null];
  const tags = hashtags(rng, o.lang, o.topic, 2).join(' ');
  return [fit(o.lang, parts), tags || null].filter(Boolean).join(' ').slice(0, MAX_LEN);
}

export function composeBio(rng: Rng, o: { lang: Lang; topics: number[]; isOrg: boolean }): string {
  const lex = LEXICONS[o.lang];
  const [t1, t2] = o.topics.map((t) => topicWords(o.lang, t).label);
  const template = rng.pick(o.isOrg ? lex.orgBios : lex.bios);
  return capitalize(
    template
      .replace('{role}', rng.pick(lex.roles))
      .replace('{t1}', t1 ?? '')
      .replace('{t2}', t2 ?? t1 ?? ''),
  );
}

export function orgName(rng: Rng, lang: Lang, topic: number): string {
  return rng.pick(LEXICONS[lang].orgNames).replace('{T}', capitalize(topicWords(lang, topic).label));
}

export function altText(rng: Rng, lang: Lang, topic: number): string {
  return LEXICONS[lang].alt.replace('{n}', rng.pick(topicWords(lang, topic).nouns));
}

/** The tags of a topic across languages (trends read hashtags back from texts anyway). */
export const topicLabel = (lang: Lang, topic: number) => topicWords(lang, topic).label;
