import { getCorpus } from './corpus';
import type { Corpus } from './corpus/types';
import { engineFor, type SearchEngine } from './search/engine';
import { UserSearch } from './search/users';
import { TrendBoard } from './trends';

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
