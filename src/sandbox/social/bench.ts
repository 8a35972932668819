import { parseQuery } from '../../contracts/social';
import { buildCorpus, DEFAULT_SEED, getCorpus } from './engine/corpus';
import { postJson } from './routes/records';
import { engineFor, SearchEngine } from './engine/search/engine';

/** Query kinds the benchmark times (each over the whole corpus). */
export const BENCH_QUERIES: Array<{ kind: string; q: string; type?: 'Latest' | 'Top' }> = [
  { kind: 'single word', q: 'coffee' },
  { kind: 'hashtag', q: '#AI' },
  { kind: 'phrase', q: '"the new album"' },
  { kind: 'OR', q: 'music OR film OR books' },
  { kind: 'group + exclusion', q: '(football OR fútbol) -penalty' },
  { kind: 'from:', q: 'from:{top}' },
  { kind: 'filters', q: 'filter:media lang:en min_faves:10' },
  { kind: 'date range', q: 'since:2025-01-01 until:2025-02-01 -filter:replies' },
  { kind: 'Japanese word', q: 'コーヒー' },
  { kind: 'Top (single word)', q: 'coffee', type: 'Top' },
  { kind: 'Top (broad)', q: 'lang:en', type: 'Top' },
  { kind: 'no match', q: 'zqxjv' },
];

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
};

/**
 * Median and p95 time of one search request's work, uncached: parse, evaluate over the 50,000
 * posts, take the first page of 20 and build its records. Indexes are built before timing.
 */
export async function measureSearchLatency(runs = 60): Promise<Array<{ kind: string; q: string; medianMs: number; p95Ms: number; matches: number }>> {
  const corpus = getCorpus(DEFAULT_SEED);
  const engine = engineFor(corpus);
  const top = [...corpus.users].sort((a, b) => b.followersCount - a.followersCount)[0]!.username;
  const out = [];
  for (const { kind, q: template, type } of BENCH_QUERIES) {
    const q = template.replace('{top}', top);
    const times: number[] = [];
    let matches = 0;
    for (let i = 0; i < runs + 5; i++) {
      engine.clearCache();
      const started = performance.now();
      const parsed = parseQuery(q);
      if (!parsed.ok) throw new Error(parsed.message);
      const bits = engine.matches(parsed.query);
      const page = type === 'Top' ? engine.top(bits, null, 20) : engine.latest(bits, null, 20);
      if ('error' in page) throw new Error(page.error);
      JSON.stringify(page.items.map((p) => postJson(corpus, corpus.posts[p]!, 'http://127.0.0.1')));
      if (i >= 5) times.push(performance.now() - started);
      matches = bits.count();
      await Promise.resolve();
    }
    out.push({ kind, q, medianMs: +quantile(times, 0.5).toFixed(3), p95Ms: +quantile(times, 0.95).toFixed(3), matches });
  }
  return out;
}

/** Time to generate a fresh corpus and to build its search indexes. */
export function measureCorpusBuild(seed = DEFAULT_SEED + 1) {
  const corpus = buildCorpus(seed);
  const engine = new SearchEngine(corpus);
  return { users: corpus.users.length, posts: corpus.posts.length, generationMs: Math.round(corpus.generationMs), indexMs: Math.round(engine.buildMs), vocabulary: engine.text.vocabularySize };
}
