/** A fixed-size set of post indices, one bit each; operations work in place and return this. */
export class Bits {
  readonly words: Uint32Array;
  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }

  static of(size: number, sorted: ArrayLike<number>): Bits {
    const b = new Bits(size);
    for (let i = 0; i < sorted.length; i++) b.add(sorted[i]!);
    return b;
  }

  /** Indices in [from, to). */
  static range(size: number, from: number, to: number): Bits {
    const b = new Bits(size);
    for (let i = Math.max(0, from); i < Math.min(size, to); i++) b.add(i);
    return b;
  }

  static where(size: number, test: (i: number) => boolean): Bits {
    const b = new Bits(size);
    for (let i = 0; i < size; i++) if (test(i)) b.add(i);
    return b;
  }

  add(i: number) {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }

  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  clone(): Bits {
    const b = new Bits(this.size);
    b.words.set(this.words);
    return b;
  }

  and(o: Bits): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! &= o.words[i]!;
    return this;
  }

  or(o: Bits): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! |= o.words[i]!;
    return this;
  }

  andNot(o: Bits): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! &= ~o.words[i]!;
    return this;
  }

  count(): number {
    let n = 0;
    for (let i = 0; i < this.words.length; i++) {
      let v = this.words[i]!;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      n += (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
    }
    return n;
  }

  /** The highest member at or below `from`, or -1. */
  prev(from: number): number {
    if (from < 0) return -1;
    let w = Math.min(from, this.size - 1) >>> 5;
    let word = this.words[w]! & (0xffffffff >>> (31 - (Math.min(from, this.size - 1) & 31)));
    for (;;) {
      if (word !== 0) return (w << 5) + 31 - Math.clz32(word);
      if (--w < 0) return -1;
      word = this.words[w]!;
    }
  }
}
