import { row } from '../corpus/csr';
import { snowflake } from '../corpus/ids';
import { hash32 } from '../corpus/random';
import { topicLabel } from '../corpus/text';
import { REFERENCE_DATE, TOPICS, type Corpus } from '../corpus/types';
import { genNumber, UserRel } from './generated';

/**
 * Lists, communities and live audio rooms made from the corpus by topic: two lists and one
 * community per topic, members the accounts that write about it (most famous first), posts their
 * posts on the topic. A space (any id) has listeners generated from its id.
 */
export type Group = {
  kind: 'list' | 'community';
  id: string;
  name: string;
  description: string;
  topic: number;
  owner: number;
  createdAt: number;
  /** Corpus user indexes, ascending. */
  members: Int32Array;
  moderators: Int32Array;
  /** Corpus post indexes, ascending. */
  posts: Int32Array;
  /** Followers beyond the owner's corpus followers (lists only). */
  extraFollowers: number;
};

export class Groups {
  private readonly byId = new Map<string, Group>();
  readonly all: Group[] = [];

  constructor(private readonly corpus: Corpus) {
    const c = corpus;
    TOPICS.forEach((_, topic) => {
      const writers = c.users.filter((u) => u.topics.includes(topic)).sort((a, b) => b.fame - a.fame || a.index - b.index);
      const make = (kind: Group['kind'], v: number, size: number): Group => {
        const members = Int32Array.from(writers.slice(0, size), (u) => u.index).sort();
        const memberSet = new Set(members);
        const posts: number[] = [];
        for (const m of members) for (const p of row(c.byAuthor, m)) if (c.posts[p]!.topic === topic && c.posts[p]!.kind !== 'repost') posts.push(p);
        const owner = writers[v]?.index ?? 0;
        const label = topicLabel('en', topic);
        const seq = topic * 3 + v + (kind === 'community' ? 2 : 0);
        return {
          kind,
          id: snowflake(REFERENCE_DATE - (400 - seq) * 86_400_000, 7000 + seq),
          name: kind === 'community' ? `${label[0]!.toUpperCase()}${label.slice(1)} people` : v === 0 ? `Top ${label}` : `${label} voices`,
          description: kind === 'community' ? `A community for everyone who posts about ${label}.` : `Accounts worth following on ${label}.`,
          topic,
          owner,
          createdAt: REFERENCE_DATE - (400 - seq) * 86_400_000,
          members,
          moderators: Int32Array.from(writers.slice(0, 5), (u) => u.index).filter((m) => memberSet.has(m)).sort(),
          posts: Int32Array.from(posts).sort(),
          extraFollowers: kind === 'list' ? 40 + (hash32(c.seed, 55, seq) % 3000) : 0,
        };
      };
      for (const g of [make('list', 0, 60), make('list', 1, 200), make('community', 0, writers.length)]) {
        this.byId.set(g.id, g);
        this.all.push(g);
      }
    });
  }

  get(kind: Group['kind'], id: string): Group | undefined {
    const g = this.byId.get(id);
    return g && g.kind === kind ? g : undefined;
  }

  /** Generated numbers of a list's followers beyond its owner's, and of a space's listeners. */
  listFollower = (g: Group, k: number) => genNumber(UserRel.ListFollowers, this.all.indexOf(g), k);
  spaceListeners(spaceId: string): { count: number; number: (k: number) => number } {
    const h = hash32(this.corpus.seed, 57, ...Array.from(spaceId, (ch) => ch.charCodeAt(0)));
    return { count: 30 + (h % 4000), number: (k) => genNumber(UserRel.SpaceListeners, h % 2 ** 17, k) };
  }
}
