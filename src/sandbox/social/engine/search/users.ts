import type { Corpus } from '../corpus/types';
import { tokenize } from './tokenize';

/**
 * People search: a user matches when every query token is in their name, username or bio, or
 * when the query is the start of their username. Most followed first.
 */
export class UserSearch {
  private readonly tokens: Array<Set<string>>;
  private readonly order: Int32Array;
  private readonly rankOf: Int32Array;

  constructor(private readonly corpus: Corpus) {
    this.tokens = corpus.users.map((u) => new Set([...tokenize(`${u.name} ${u.description}`), u.username.toLowerCase()]));
    const order = [...corpus.users].sort((a, b) => b.followersCount - a.followersCount || b.index - a.index);
    this.order = Int32Array.from(order, (u) => u.index);
    this.rankOf = new Int32Array(order.length);
    this.order.forEach((u, rank) => (this.rankOf[u] = rank));
  }

  private matches(user: number, words: string[], prefix: string): boolean {
    const set = this.tokens[user]!;
    if (prefix && this.corpus.users[user]!.username.toLowerCase().startsWith(prefix)) return true;
    return words.length > 0 && words.every((w) => set.has(w));
  }

  /** One page after the user with id `afterId` (exclusive); `next` is the last user's id. */
  page(q: string, afterId: string | null, limit: number): { items: number[]; next: string | null } | { error: string } {
    const words = tokenize(q).map((w) => w.replace(/^[@#]/, ''));
    const trimmed = q.trim().replace(/^@/, '').toLowerCase();
    const prefix = /^[a-z0-9_]+$/.test(trimmed) ? trimmed : '';
    let rank = 0;
    if (afterId !== null) {
      const u = this.corpus.userById.get(afterId);
      if (u === undefined) return { error: 'cursor is not one this service gave: pass next_cursor from the previous page unchanged' };
      rank = this.rankOf[u]! + 1;
    }
    const items: number[] = [];
    for (; rank < this.order.length && items.length < limit; rank++) {
      if (this.matches(this.order[rank]!, words, prefix)) items.push(this.order[rank]!);
    }
    let more = false;
    for (let r = rank; r < this.order.length && !more; r++) more = this.matches(this.order[r]!, words, prefix);
    const last = items[items.length - 1];
    return { items, next: more && last !== undefined ? this.corpus.users[last]!.id : null };
  }
}
