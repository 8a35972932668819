import type { Post } from '../../../contracts/social';

/**
 * Display formatting of posts, made once per post: Intl formatters are built once at module
 * load, and each post's strings and text pieces are kept in a WeakMap, so a card that scrolls
 * out of view and back (virtualized lists remount rows) costs no formatting at all.
 */

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US');
const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const full = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 12345 → "12.3K". */
export const formatCompact = (n: number) => compact.format(n);
/** 12345 → "12,345". */
export const formatWhole = (n: number) => whole.format(n);
export const formatJoined = (at: number) => monthYear.format(at);

/** Relative time as the platform shows it: "now", "5m", "3h", "6d", "Mar 4", "Mar 4, 2024". */
export function formatAgo(at: number, now: number): string {
  const s = Math.max(0, (now - at) / 1000);
  if (s < 60) return 'now';
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  if (s < 7 * 86_400) return `${Math.floor(s / 86_400)}d`;
  return new Date(at).getUTCFullYear() === new Date(now).getUTCFullYear() ? dayMonth.format(at) : dayMonthYear.format(at);
}

export const formatFullDate = (at: number) => `${full.format(at)} UTC`;

export type TextPiece = { kind: 'text' | 'tag' | 'mention' | 'url'; value: string };

const TOKENS = /(https?:\/\/[^\s]+)|(#[\p{L}\p{N}_]+)|(@[A-Za-z0-9_]{1,15})(?![A-Za-z0-9_])/gu;

/** Splits post text into plain text, #hashtags, @mentions and links. */
export function splitText(text: string): TextPiece[] {
  const out: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKENS)) {
    const at = m.index ?? 0;
    // A mention must start a word ("mail@example" is not one).
    if (m[3] && at > 0 && /[\p{L}\p{N}_]/u.test(text[at - 1] as string)) continue;
    if (at > last) out.push({ kind: 'text', value: text.slice(last, at) });
    out.push({ kind: m[1] ? 'url' : m[2] ? 'tag' : 'mention', value: m[0] });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', value: text.slice(last) });
  return out;
}

const countKeys = ['replies', 'reposts', 'quotes', 'likes', 'views', 'bookmarks'] as const;
export type CountKey = (typeof countKeys)[number];

export type PostView = {
  pieces: TextPiece[];
  iso: string | null;
  ago: string;
  full: string;
  counts: Array<{ key: CountKey; value: number; short: string; noun: string; long: string }>;
};

const nouns: Record<CountKey, [string, string]> = {
  replies: ['reply', 'replies'],
  reposts: ['repost', 'reposts'],
  quotes: ['quote', 'quotes'],
  likes: ['like', 'likes'],
  views: ['view', 'views'],
  bookmarks: ['bookmark', 'bookmarks'],
};

const views = new WeakMap<Post, PostView>();

/** Everything a card shows of a post, as strings, computed once per post object. */
export function viewOf(post: Post, now = Date.now()): PostView {
  const hit = views.get(post);
  if (hit) return hit;
  const at = post.createdAt;
  const view: PostView = {
    pieces: splitText(post.reposted ? '' : post.text),
    iso: at === null ? null : new Date(at).toISOString(),
    ago: at === null ? '' : formatAgo(at, now),
    full: at === null ? 'Date not reported' : formatFullDate(at),
    counts: countKeys.map((key) => {
      const value = post.counts[key];
      const noun = nouns[key][value === 1 ? 0 : 1];
      return { key, value, short: formatCompact(value), noun, long: `${formatWhole(value)} ${noun}` };
    }),
  };
  views.set(post, view);
  return view;
}
