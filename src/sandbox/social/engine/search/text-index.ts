import type { PostRec } from '../corpus/types';
import { bareOf, tokenize } from './tokenize';

const EMPTY = new Int32Array(0);

/**
 * The inverted index over post texts: token → ascending post indices, plus each post's token
 * sequence (for phrases). Reposts are left out, as the platform's search leaves out native
 * reposts. A hashtag's posts are also filed under its bare word.
 */
export class TextIndex {
  private readonly vocab = new Map<string, number>();
  private postings: Int32Array[] = [];
  /** For each token id, the id of its bare word (hashtags) or -1. */
  private bare: number[] = [];
  private readonly starts: Int32Array;
  private readonly seq: Int32Array;

  constructor(posts: readonly PostRec[]) {
    const lists: number[][] = [];
    const last: number[] = [];
    const seq: number[] = [];
    this.starts = new Int32Array(posts.length + 1);
    const file = (id: number, post: number) => {
      if (last[id] === post) return;
      last[id] = post;
      lists[id]!.push(post);
    };
    for (const p of posts) {
      this.starts[p.index] = seq.length;
      if (p.kind === 'repost') continue;
      for (const token of tokenize(p.text)) {
        const id = this.intern(token, lists, last);
        seq.push(id);
        file(id, p.index);
        const b = this.bare[id]!;
        if (b >= 0) file(b, p.index);
      }
    }
    this.starts[posts.length] = seq.length;
    this.seq = Int32Array.from(seq);
    this.postings = lists.map((l) => Int32Array.from(l));
  }

  private intern(token: string, lists: number[][], last: number[]): number {
    let id = this.vocab.get(token);
    if (id !== undefined) return id;
    id = lists.length;
    this.vocab.set(token, id);
    lists.push([]);
    last.push(-1);
    this.bare.push(-1);
    const bare = bareOf(token);
    if (bare !== null) this.bare[id] = this.intern(bare, lists, last);
    return id;
  }

  get vocabularySize() {
    return this.vocab.size;
  }

  idOf(token: string): number {
    return this.vocab.get(token) ?? -1;
  }

  /** Posts that contain the token (or, for a bare word, its hashtag). */
  postingsOf(token: string): Int32Array {
    const id = this.vocab.get(token);
    return id === undefined ? EMPTY : this.postings[id]!;
  }

  /** Whether the post has the tokens one after another (a hashtag also stands for its word). */
  hasSequence(post: number, ids: readonly number[]): boolean {
    const from = this.starts[post]!;
    const to = this.starts[post + 1]! - ids.length;
    for (let i = from; i <= to; i++) {
      let k = 0;
      while (k < ids.length) {
        const s = this.seq[i + k]!;
        if (s !== ids[k] && this.bare[s] !== ids[k]) break;
        k++;
      }
      if (k === ids.length) return true;
    }
    return false;
  }

  /** Hashtags with their post lists (for trends). */
  *hashtags(): Generator<[string, Int32Array]> {
    for (const [token, id] of this.vocab) if (token.length > 1 && token.startsWith('#')) yield [token, this.postings[id]!];
  }
}
