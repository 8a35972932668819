import { createRng } from './hash';

const mod = (a: number, n: number): number => ((a % n) + n) % n;
const smooth = (t: number): number => t * t * (3 - 2 * t);

// Fixed lattice tables (built once, deterministically): a permutation and random values.
const PERM = new Uint8Array(512);
const VALUES = new Float32Array(256);
{
  const rng = createRng(0x7219a5e3);
  const p = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [p[i], p[j]] = [p[j] ?? 0, p[i] ?? 0];
  }
  for (let i = 0; i < 512; i++) PERM[i] = p[i & 255] ?? 0;
  for (let i = 0; i < 256; i++) VALUES[i] = rng.next();
}

/** Random value in [0,1) of lattice point (x, y) (already wrapped to the period) for a seed. */
function lattice(x: number, y: number, seed: number): number {
  return VALUES[PERM[((PERM[(x + seed) & 255] ?? 0) + y) & 255] ?? 0] ?? 0;
}

/** Value noise on a lattice that repeats every `period` cells (x, y in cell units). */
export function valueNoise(x: number, y: number, periodX: number, periodY: number, seed: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = smooth(x - ix);
  const fy = smooth(y - iy);
  const x0 = ix >= 0 ? ix % periodX : mod(ix, periodX);
  const y0 = iy >= 0 ? iy % periodY : mod(iy, periodY);
  const x1 = x0 + 1 === periodX ? 0 : x0 + 1;
  const y1 = y0 + 1 === periodY ? 0 : y0 + 1;
  const a = lattice(x0, y0, seed);
  const b = lattice(x1, y0, seed);
  const c = lattice(x0, y1, seed);
  const d = lattice(x1, y1, seed);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/**
 * Tileable fractal noise over u, v in [0,1): `fx`/`fy` lattice cells across the tile at the
 * first octave (integers, so the result wraps seamlessly). Returns roughly 0..1.
 */
export function fbm(u: number, v: number, fx: number, fy: number, octaves: number, seed: number): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  let px = fx;
  let py = fy;
  for (let o = 0; o < octaves; o++) {
    sum += amp * valueNoise(u * px, v * py, px, py, seed + o * 101);
    norm += amp;
    amp *= 0.5;
    px *= 2;
    py *= 2;
  }
  return sum / norm;
}

export type CellHit = { dist: number; edge: number; id: number; cx: number; cy: number };

/**
 * Tileable Worley/Voronoi noise: n x m jittered points over the tile. Writes the distance to the
 * nearest point (in cell units), the gap to the second nearest (edge), and a random id of the cell.
 */
export function cells(u: number, v: number, n: number, m: number, seed: number, out: CellHit): CellHit {
  const x = u * n;
  const y = v * m;
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  let d1 = 1e9;
  let d2 = 1e9;
  let id = 0;
  let cx = 0;
  let cy = 0;
  for (let j = -1; j <= 1; j++) {
    for (let i = -1; i <= 1; i++) {
      const gx = mod(ix + i, n);
      const gy = mod(iy + j, m);
      const px = ix + i + 0.15 + 0.7 * lattice(gx, gy, seed);
      const py = iy + j + 0.15 + 0.7 * lattice(gx, gy, seed + 7);
      const dx = px - x;
      const dy = py - y;
      const d = dx * dx + dy * dy;
      if (d < d1) {
        d2 = d1;
        d1 = d;
        id = lattice(gx, gy, seed + 13);
        cx = dx;
        cy = dy;
      } else if (d < d2) d2 = d;
    }
  }
  out.dist = Math.sqrt(d1);
  out.edge = Math.sqrt(d2) - out.dist;
  out.id = id;
  out.cx = cx;
  out.cy = cy;
  return out;
}
