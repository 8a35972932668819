/** Seeded randomness for the corpus: nothing here reads the time or Math.random. */

export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** Pareto draw: at least `min`, heavy tail for small `alpha`. */
  pareto(min: number, alpha: number): number;
  /** Log-normal draw around `median` (sigma in natural-log units). */
  logNormal(median: number, sigma: number): number;
};

/** Mixes integers into one 32-bit hash (murmur3 finalizer per part). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    let k = Math.imul(p | 0, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** sfc32, seeded through the hash so nearby seeds give unrelated streams. */
export function makeRng(seed: number): Rng {
  let a = hash32(seed, 1);
  let b = hash32(seed, 2);
  let c = hash32(seed, 3);
  let d = 1;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const normal = () => {
    const u = 1 - next();
    const v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p) => next() < p,
    pareto: (min, alpha) => min / Math.pow(1 - next(), 1 / alpha),
    logNormal: (median, sigma) => median * Math.exp(sigma * normal()),
  };
}

/** Picks an index with probability proportional to its weight (prefix sums + binary search). */
export function weightedPicker(weights: ArrayLike<number>): (r: number) => number {
  const sums = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) sums[i] = total += weights[i]!;
  return (r: number) => {
    const x = r * total;
    let lo = 0;
    let hi = sums.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sums[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}
