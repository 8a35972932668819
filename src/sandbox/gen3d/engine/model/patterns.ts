import { hash2 } from './hash';
import { cells, fbm } from './noise';
import type { CellHit } from './noise';
import type { PatternKind } from './types';

/** t: 0..1 mix from base colour to accent colour; h: 0..1 height for the normal map. */
export type PatternSample = { t: number; h: number };
export type PatternFn = (u: number, v: number, out: PatternSample) => void;

const fract = (x: number): number => x - Math.floor(x);
const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
const smoothstep = (a: number, b: number, x: number): number => {
  const t = clamp01((x - a) / (b - a));
  return t * t * (3 - 2 * t);
};

/**
 * A tileable procedural pattern over u, v in [0,1). Every pattern repeats exactly at the tile
 * edges so UV seams (u=0 ↔ u=1 on lathes and cylinders) do not show.
 */
export function makePattern(kind: PatternKind, seed: number): PatternFn {
  const hit: CellHit = { dist: 0, edge: 0, id: 0, cx: 0, cy: 0 };
  switch (kind) {
    case 'wood':
      return (u, v, o) => {
        const warp = fbm(u, v, 2, 3, 3, seed);
        const ring = 0.5 + 0.5 * Math.sin(2 * Math.PI * (7 * v + 2.2 * warp));
        const streak = fbm(u, v, 3, 48, 2, seed + 5);
        o.t = clamp01(ring * 0.7 + streak * 0.45 - 0.1);
        o.h = 1 - o.t;
      };
    case 'bark':
      return (u, v, o) => {
        const n = fbm(u, v, 4, 3, 3, seed);
        const ridge = Math.abs(Math.sin(Math.PI * (12 * u + 2 * n)));
        o.h = ridge * (0.6 + 0.4 * fbm(u, v, 8, 12, 2, seed + 3));
        o.t = 1 - o.h;
      };
    case 'stripes':
      return (u, v, o) => {
        const n = fbm(u, v, 4, 4, 3, seed);
        const s = 0.5 + 0.5 * Math.sin(2 * Math.PI * (5 * v + 0.25 * n));
        o.t = smoothstep(0.4, 0.6, s) * 0.85 + n * 0.15;
        o.h = o.t;
      };
    case 'noise':
      return (u, v, o) => {
        const n = fbm(u, v, 5, 5, 4, seed);
        o.t = smoothstep(0.3, 0.7, n);
        o.h = n;
      };
    case 'scales':
      return (u, v, o) => {
        const rows = 16;
        const cols = 12;
        const y = v * rows;
        const row = Math.floor(y);
        const x = u * cols + (row % 2) * 0.5;
        const dx = fract(x) - 0.5;
        const dy = fract(y);
        const d = Math.sqrt(dx * dx + dy * dy * 0.8);
        o.h = clamp01(1 - d * 1.4);
        o.t = clamp01(d * 1.3 + 0.15 * hash2(Math.floor(x) % cols, row, seed));
      };
    case 'bricks':
      return (u, v, o) => {
        const rows = 14;
        const cols = 7;
        const y = v * rows;
        const row = Math.floor(y);
        const x = u * cols + (row % 2) * 0.5;
        const gx = Math.min(fract(x), 1 - fract(x)) * 4;
        const gy = Math.min(fract(y), 1 - fract(y)) * 2;
        const mortar = 1 - smoothstep(0.06, 0.12, Math.min(gx, gy));
        const tone = hash2(Math.floor(x) % cols, row, seed);
        o.t = Math.max(mortar, tone * 0.45 + fbm(u, v, 16, 16, 2, seed) * 0.2);
        o.h = 1 - mortar;
      };
    case 'brushed':
      return (u, v, o) => {
        const streak = fbm(u, v, 2, 64, 3, seed);
        const blotch = fbm(u, v, 3, 3, 3, seed + 9);
        o.t = clamp01(streak * 0.6 + blotch * 0.5 - 0.1);
        o.h = streak;
      };
    case 'spots':
      return (u, v, o) => {
        cells(u, v, 6, 5, seed, hit);
        const spot = 1 - smoothstep(0.22, 0.3, hit.dist);
        o.t = spot;
        o.h = spot * 0.6 + fbm(u, v, 6, 6, 2, seed) * 0.4;
      };
    case 'facets':
      return (u, v, o) => {
        cells(u, v, 7, 7, seed, hit);
        o.t = clamp01(hit.id * 0.8 + (1 - smoothstep(0, 0.08, hit.edge)) * 0.5);
        o.h = hit.id;
      };
    case 'tiles':
      return (u, v, o) => {
        const n = 8;
        const gx = Math.min(fract(u * n), 1 - fract(u * n));
        const gy = Math.min(fract(v * n), 1 - fract(v * n));
        const grout = 1 - smoothstep(0.03, 0.07, Math.min(gx, gy));
        const tone = hash2(Math.floor(u * n) % n, Math.floor(v * n) % n, seed);
        o.t = Math.max(grout, tone * 0.35);
        o.h = 1 - grout;
      };
    case 'fabric':
      return (u, v, o) => {
        const a = Math.sin(2 * Math.PI * 64 * u);
        const b = Math.sin(2 * Math.PI * 64 * v);
        const weave = Math.sin(2 * Math.PI * 32 * (u + v)) > 0 ? a : b;
        const n = fbm(u, v, 4, 4, 3, seed);
        o.t = clamp01(0.25 + 0.2 * weave + 0.6 * (n - 0.5) + 0.3 * smoothstep(0.55, 0.7, n));
        o.h = 0.5 + 0.5 * weave;
      };
    case 'leaves':
      return (u, v, o) => {
        cells(u, v, 10, 10, seed, hit);
        const vein = 1 - smoothstep(0, 0.06, Math.abs(hit.cx * 0.7 + hit.cy * 0.7));
        o.t = clamp01(hit.id * 0.5 + hit.dist * 0.6 + vein * 0.3);
        o.h = clamp01(1 - hit.dist);
      };
  }
}
