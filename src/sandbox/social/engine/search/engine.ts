import type { Query } from '../../../../contracts/social';
import type { Corpus, PostRec } from '../corpus/types';
import type { Bits } from './bitset';
import type { CursorKey } from './cursor';
import { Evaluator, staticSets, type StaticSets } from './evaluate';
import { TextIndex } from './text-index';

/** Latest search looks at this many posts (by time) per page, so a page can come back empty. */
export const LATEST_WINDOW = 5000;
const CACHE_SIZE = 64;

export const engagement = (p: PostRec) => p.likes + 2 * p.reposts + 3 * p.quotes + p.replies;

export type SearchPage = { items: number[]; next: CursorKey | null } | { error: string };

/** Search over one corpus: the indexes, a small cache of query results, and both orders. */
export class SearchEngine {
  readonly text: TextIndex;
  readonly sets: StaticSets;
  readonly buildMs: number;
  private readonly evaluator: Evaluator;
  /** Non-repost posts by engagement, highest first (ties: newer id first), and each post's rank. */
  private readonly topOrder: Int32Array;
  private readonly rankOf: Int32Array;
  private readonly cache = new Map<string, Bits>();

  constructor(private readonly corpus: Corpus) {
    const started = performance.now();
    this.text = new TextIndex(corpus.posts);
    this.sets = staticSets(corpus);
    this.evaluator = new Evaluator(corpus, this.text, this.sets);
    const order = corpus.posts.filter((p) => p.kind !== 'repost').sort((a, b) => engagement(b) - engagement(a) || b.index - a.index);
    this.topOrder = Int32Array.from(order, (p) => p.index);
    this.rankOf = new Int32Array(corpus.posts.length).fill(-1);
    this.topOrder.forEach((post, rank) => (this.rankOf[post] = rank));
    this.buildMs = performance.now() - started;
  }

  /** The set of posts a query matches (cached by its canonical form). */
  matches(query: Query): Bits {
    const key = JSON.stringify(query.terms);
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const bits = this.evaluator.run(query);
    this.cache.set(key, bits);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return bits;
  }

  /** Forgets cached query results (benchmarks measure uncached queries). */
  clearCache() {
    this.cache.clear();
  }

  private postIndex(id: unknown): number {
    return typeof id === 'string' ? (this.corpus.postById.get(id) ?? -1) : -1;
  }

  /**
   * Newest first. Scans at most LATEST_WINDOW posts below the cursor and returns what matched
   * there; the next cursor names the post the scan stopped before.
   */
  latest(bits: Bits, after: CursorKey | null, limit: number): SearchPage {
    let start = this.corpus.posts.length - 1;
    if (after) {
      const at = this.postIndex(after[0]);
      if (at < 0 || after.length !== 1) return { error: 'cursor is not one this service gave: pass next_cursor from the previous page unchanged' };
      start = at - 1;
    }
    const stop = Math.max(-1, start - LATEST_WINDOW);
    const items: number[] = [];
    for (let i = bits.prev(start); i > stop && items.length < limit; i = bits.prev(i - 1)) items.push(i);
    const full = items.length === limit;
    const boundary = full ? items[items.length - 1]! : stop + 1;
    const more = boundary > 0 && bits.prev(boundary - 1) >= 0;
    return { items, next: more ? [this.corpus.posts[boundary]!.id] : null };
  }

  /** Highest engagement first; the cursor carries the last post's score and id. */
  top(bits: Bits, after: CursorKey | null, limit: number): SearchPage {
    let rank = 0;
    if (after) {
      const at = this.postIndex(after[1]);
      const p = this.corpus.posts[at];
      if (!p || after.length !== 2 || after[0] !== engagement(p) || this.rankOf[at]! < 0) {
        return { error: 'cursor is not one this service gave: pass next_cursor from the previous page unchanged' };
      }
      rank = this.rankOf[at]! + 1;
    }
    const items: number[] = [];
    for (; rank < this.topOrder.length && items.length < limit; rank++) {
      const post = this.topOrder[rank]!;
      if (bits.has(post)) items.push(post);
    }
    let more = false;
    for (let r = rank; r < this.topOrder.length && !more; r++) more = bits.has(this.topOrder[r]!);
    const last = this.corpus.posts[items[items.length - 1] ?? -1];
    return { items, next: more && last ? [engagement(last), last.id] : null };
  }
}

const engines = new WeakMap<Corpus, SearchEngine>();

/** The engine of a corpus, built on first use. */
export function engineFor(corpus: Corpus): SearchEngine {
  let engine = engines.get(corpus);
  if (!engine) {
    engine = new SearchEngine(corpus);
    engines.set(corpus, engine);
  }
  return engine;
}
