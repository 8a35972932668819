import { getCorpus } from '../engine/corpus';
import type { Corpus } from '../engine/corpus/types';
import { engineFor, type SearchEngine } from '../engine/search/engine';
import { UserSearch } from '../engine/search/users';
import { TrendBoard } from '../engine/trends';
import { Groups } from '../engine/universe/groups';
import { LiveActivity } from '../engine/universe/live';
import { Universe } from '../engine/universe/universe';

/** Everything the routes read, built on first use (corpus, indexes) and kept in memory. */
export type SocialData = {
  corpus: Corpus;
  engine: SearchEngine;
  people: UserSearch;
  trends: TrendBoard;
  groups: Groups;
  live: LiveActivity;
  universe: Universe;
};

/** Where live activity starts on the sandbox clock and how long one slot of it lasts. */
export type LiveClock = { now: () => number; since: number; slotMs: number };

export function lazyData(seed: number, clock: LiveClock): () => SocialData {
  let data: SocialData | null = null;
  return () => {
    if (!data) {
      const corpus = getCorpus(seed);
      const engine = engineFor(corpus);
      const live = new LiveActivity(corpus, clock.since, clock.slotMs);
      data = { corpus, engine, people: new UserSearch(corpus), trends: new TrendBoard(corpus), groups: new Groups(corpus), live, universe: new Universe(corpus, live, engine.text, clock.now) };
    }
    return data;
  };
}
