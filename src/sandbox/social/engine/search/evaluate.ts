import type { Node, Query } from '../../../../contracts/social';
import { row } from '../corpus/csr';
import { LANGS, type Corpus } from '../corpus/types';
import { Bits } from './bitset';
import type { TextIndex } from './text-index';
import { tokenize } from './tokenize';

type FilterName = 'media' | 'images' | 'videos' | 'verified' | 'replies' | 'links';

/** Sets that do not depend on the query, made once per corpus. */
export type StaticSets = {
  all: Bits;
  empty: Bits;
  langs: Map<string, Bits>;
  filters: Record<FilterName, Bits>;
  /** Counts as flat arrays, for min_faves:, min_retweets:, min_replies:. */
  counts: { likes: Int32Array; reposts: Int32Array; replies: Int32Array };
};

export function staticSets(corpus: Corpus): StaticSets {
  const { posts, users } = corpus;
  const n = posts.length;
  const all = Bits.where(n, (i) => posts[i]!.kind !== 'repost');
  const has = (test: (i: number) => boolean) => Bits.where(n, (i) => posts[i]!.kind !== 'repost' && test(i));
  const langs = new Map(LANGS.map((l) => [l as string, has((i) => posts[i]!.lang === l)]));
  const mediaOf = (i: number) => posts[i]!.media;
  return {
    all,
    empty: new Bits(n),
    counts: {
      likes: Int32Array.from(posts, (p) => p.likes),
      reposts: Int32Array.from(posts, (p) => p.reposts),
      replies: Int32Array.from(posts, (p) => p.replies),
    },
    langs,
    filters: {
      media: has((i) => mediaOf(i).length > 0),
      images: has((i) => mediaOf(i).some((m) => m.type === 'photo')),
      videos: has((i) => mediaOf(i).some((m) => m.type !== 'photo')),
      verified: has((i) => users[posts[i]!.author]!.verified || users[posts[i]!.author]!.blue),
      replies: has((i) => posts[i]!.kind === 'reply'),
      links: has((i) => posts[i]!.hasLink),
    },
  };
}

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * Runs a parsed query over the corpus: every term narrows the set (AND), OR terms widen it,
 * a negated term or group is taken away. Results are sets of post indices; sets returned by
 * `term` may be shared and are never changed.
 */
export class Evaluator {
  constructor(
    private readonly corpus: Corpus,
    private readonly text: TextIndex,
    private readonly sets: StaticSets,
  ) {}

  run(query: Query): Bits {
    return this.sequence(query.terms);
  }

  private sequence(terms: readonly Node[]): Bits {
    const acc = this.sets.all.clone();
    for (const t of terms) {
      if (t.negated) acc.andNot(this.term(t));
      else acc.and(this.term(t));
    }
    return acc;
  }

  private term(t: Node): Bits {
    const n = this.corpus.posts.length;
    switch (t.kind) {
      case 'word':
      case 'phrase':
        return this.words(t.value);
      case 'or': {
        const acc = new Bits(n);
        for (const child of t.terms) acc.or(child.negated ? this.sets.all.clone().andNot(this.term(child)) : this.term(child));
        return acc;
      }
      case 'group':
        return this.sequence(t.terms);
      case 'from': {
        const u = this.corpus.userByName.get(t.value.toLowerCase());
        return u === undefined ? this.sets.empty : Bits.of(n, row(this.corpus.byAuthor, u)).and(this.sets.all);
      }
      case 'to': {
        const u = this.corpus.userByName.get(t.value.toLowerCase());
        return u === undefined ? this.sets.empty : Bits.of(n, row(this.corpus.repliesTo, u));
      }
      case 'lang':
        return this.sets.langs.get(t.value) ?? this.sets.empty;
      case 'since':
        return Bits.range(n, this.firstAtOrAfter(dayStart(t.value)), n);
      case 'until':
        return Bits.range(n, 0, this.firstAtOrAfter(dayStart(t.value)));
      case 'min_faves':
        return this.atLeast(this.sets.counts.likes, t.value);
      case 'min_retweets':
        return this.atLeast(this.sets.counts.reposts, t.value);
      case 'min_replies':
        return this.atLeast(this.sets.counts.replies, t.value);
      case 'filter':
        return this.sets.filters[t.value];
    }
  }

  /** A word or phrase: its tokens one after another (one token: a posting list lookup). */
  private words(value: string): Bits {
    const n = this.corpus.posts.length;
    const tokens = tokenize(value);
    if (tokens.length === 0) return this.sets.empty;
    if (tokens.length === 1) return Bits.of(n, this.text.postingsOf(tokens[0]!));
    const ids = tokens.map((tok) => this.text.idOf(tok));
    if (ids.some((id) => id < 0)) return this.sets.empty;
    // Candidates from the rarest token; the sequence check implies the others are there too.
    const rarest = tokens.map((tok) => this.text.postingsOf(tok)).sort((a, b) => a.length - b.length)[0]!;
    const out = new Bits(n);
    for (const post of rarest) if (this.text.hasSequence(post, ids)) out.add(post);
    return out;
  }

  private atLeast(values: Int32Array, min: number): Bits {
    const out = new Bits(values.length);
    for (let i = 0; i < values.length; i++) if (values[i]! >= min) out.add(i);
    return out.and(this.sets.all);
  }

  /** Index of the first post at or after the instant (posts are in time order). */
  private firstAtOrAfter(ms: number): number {
    const posts = this.corpus.posts;
    let lo = 0;
    let hi = posts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (posts[mid]!.createdAt < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
