import type { Corpus, Lang } from './corpus/types';
import { REFERENCE_DATE } from './corpus/types';

/** Places trends are asked for (Yahoo WOEIDs, as the platform uses) and the language spoken. */
export const WOEIDS: Record<number, { name: string; lang: Lang | null }> = {
  1: { name: 'Worldwide', lang: null },
  23424977: { name: 'United States', lang: 'en' },
  23424975: { name: 'United Kingdom', lang: 'en' },
  23424950: { name: 'Spain', lang: 'es' },
  23424900: { name: 'Mexico', lang: 'es' },
  23424819: { name: 'France', lang: 'fr' },
  23424829: { name: 'Germany', lang: 'de' },
  23424768: { name: 'Brazil', lang: 'pt' },
  23424925: { name: 'Portugal', lang: 'pt' },
  23424856: { name: 'Japan', lang: 'ja' },
};

/** Trends count hashtags over the last 30 days of the corpus. */
export const TREND_WINDOW_DAYS = 30;
export const TREND_WINDOW_START = REFERENCE_DATE - TREND_WINDOW_DAYS * 86400000;

export type Trend = { name: string; query: string; rank: number; tweetCount: number };

const TAG = /#[\p{L}\p{N}_]+/gu;

/** Hashtag frequency per place, computed once per place. */
export class TrendBoard {
  private readonly cache = new Map<number, Trend[]>();
  constructor(private readonly corpus: Corpus) {}

  trends(woeid: number, count: number): Trend[] | null {
    const place = WOEIDS[woeid];
    if (!place) return null;
    let all = this.cache.get(woeid);
    if (!all) {
      all = this.compute(place.lang);
      this.cache.set(woeid, all);
    }
    return all.slice(0, count);
  }

  private compute(lang: Lang | null): Trend[] {
    const counts = new Map<string, { name: string; posts: number }>();
    const posts = this.corpus.posts;
    for (let i = posts.length - 1; i >= 0 && posts[i]!.createdAt >= TREND_WINDOW_START; i--) {
      const p = posts[i]!;
      if (p.kind === 'repost' || (lang && p.lang !== lang)) continue;
      const seen = new Set<string>();
      for (const [tag] of p.text.normalize('NFKC').matchAll(TAG)) {
        const key = tag.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        const entry = counts.get(key) ?? { name: tag, posts: 0 };
        entry.posts++;
        counts.set(key, entry);
      }
    }
    return [...counts.values()]
      .sort((a, b) => b.posts - a.posts || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, 50)
      .map((t, i) => ({ name: t.name, query: t.name, rank: i + 1, tweetCount: t.posts }));
  }
}
