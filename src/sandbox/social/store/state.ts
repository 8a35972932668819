import { getCorpus } from '../engine/corpus';
import type { Corpus } from '../engine/corpus/types';
import { engineFor, type SearchEngine } from '../engine/search/engine';
import { UserSearch } from '../engine/search/users';
import { TrendBoard } from '../engine/trends';

/** Everything the routes read, built on first use (corpus, indexes) and kept in memory. */
export type SocialData = { corpus: Corpus; engine: SearchEngine; people: UserSearch; trends: TrendBoard };

export function lazyData(seed: number): () => SocialData {
  let data: SocialData | null = null;
  return () => {
    if (!data) {
      const corpus = getCorpus(seed);
      data = { corpus, engine: engineFor(corpus), people: new UserSearch(corpus), trends: new TrendBoard(corpus) };
    }
    return data;
  };
}
