import { foregroundMask, type Rgba } from './image';
import { levelSet } from './manifold';
import type { Soup } from './soup';

/**
 * A model built from pictures (image-to-3D, multi-image, product builds). Each picture gives a
 * silhouette on a square grid (foregroundMask) and its 2D signed distance field (our own two-pass
 * chamfer transform). One picture: the silhouette is inflated (depth grows with the distance to its
 * outline, so limbs come out round). Two or more: a visual hull, the intersection of the front
 * silhouette's and the side silhouette's extrusions (third and fourth: back and other side).
 * manifold-3d's levelSet meshes the result watertight. Written by hand: no kept library turns a
 * picture into a solid.
 */
export const GRID = 64;

type Field = { d: Float32Array; max: number };

/** Signed distance in cells, positive inside the mask (chamfer 3-4 approximation of Euclidean). */
export function signedDistance(mask: Uint8Array, n: number): Field {
  const inside = chamfer(mask, n, 1);
  const outside = chamfer(mask, n, 0);
  const d = new Float32Array(n * n);
  let max = 0;
  for (let i = 0; i < n * n; i++) {
    d[i] = mask[i] ? inside[i]! - 0.5 : -(outside[i]! - 0.5);
    max = Math.max(max, d[i]!);
  }
  return { d, max };
}

/** Distance (in cells) from each cell whose mask equals `of` to the nearest cell where it differs. */
function chamfer(mask: Uint8Array, n: number, of: number): Float32Array {
  const INF = 1e9;
  const d = new Float32Array(n * n);
  for (let i = 0; i < n * n; i++) d[i] = mask[i] === of ? INF : 0;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= n || y >= n ? (of === 1 ? 0 : INF) : d[y * n + x]!);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      d[i] = Math.min(d[i]!, at(x - 1, y) + 1, at(x, y - 1) + 1, at(x - 1, y - 1) + 1.4142, at(x + 1, y - 1) + 1.4142);
    }
  for (let y = n - 1; y >= 0; y--)
    for (let x = n - 1; x >= 0; x--) {
      const i = y * n + x;
      d[i] = Math.min(d[i]!, at(x + 1, y) + 1, at(x, y + 1) + 1, at(x + 1, y + 1) + 1.4142, at(x - 1, y + 1) + 1.4142);
    }
  return d;
}

/** Bilinear sample of a field at grid coordinates (outside the grid: far outside). */
function sample(f: Field, n: number, gx: number, gy: number): number {
  const x = gx - 0.5, y = gy - 0.5;
  const x0 = Math.floor(x), y0 = Math.floor(y);
  const get = (i: number, j: number) => (i < 0 || j < 0 || i >= n || j >= n ? -n : f.d[j * n + i]!);
  const fx = x - x0, fy = y - y0;
  return (get(x0, y0) * (1 - fx) + get(x0 + 1, y0) * fx) * (1 - fy) + (get(x0, y0 + 1) * (1 - fx) + get(x0 + 1, y0 + 1) * fx) * fy;
}

export type PictureModel = { soup: Soup; coverage: number };
type Sdf = (p: [number, number, number]) => number;

/**
 * The pictures' solid as a signed distance function (positive inside). Model space: x and z in
 * [-0.5, 0.5], y in [0, 1] (the picture's top at y = 1), one unit per picture side.
 */
export function pictureSdf(pictures: readonly Rgba[], grid = GRID): { sdf: Sdf; silhouette: (x: number, y: number) => number; coverage: number } {
  const fields = pictures.slice(0, 4).map((p) => {
    const { mask } = foregroundMask(p, grid);
    const coverage = mask.reduce((a, b) => a + b, 0) / mask.length;
    // An empty or full mask (no subject found): the whole picture is the subject, inset.
    if (coverage < 0.005 || coverage > 0.98) for (let y = 0; y < grid; y++) for (let x = 0; x < grid; x++) mask[y * grid + x] = x > 3 && y > 3 && x < grid - 4 && y < grid - 4 ? 1 : 0;
    return { field: signedDistance(mask, grid), coverage };
  });
  const cell = 1 / grid;
  const g = (u: number, v: number) => [(u + 0.5) * grid, (1 - v) * grid] as const;
  const front = fields[0]!.field;
  const sdf = ([x, y, z]: [number, number, number]) => {
    const f = sample(front, grid, ...g(x, y)) * cell;
    if (fields.length === 1) return Math.min(f, f * 0.8 + 0.01 - Math.abs(z));
    let v = f;
    const views = [(p: Field) => sample(p, grid, ...g(z, y)), (p: Field) => sample(p, grid, ...g(-x, y)), (p: Field) => sample(p, grid, ...g(-z, y))];
    fields.slice(1).forEach((fl, i) => (v = Math.min(v, views[i]!(fl.field) * cell)));
    return v;
  };
  return { sdf, silhouette: (x, y) => sample(front, grid, ...g(x, y)) * cell, coverage: fields[0]!.coverage };
}

/** A watertight model of the pictures, UVs projecting the first picture from the front. */
export async function modelFromPictures(pictures: readonly Rgba[], grid = GRID): Promise<PictureModel> {
  const { sdf, coverage } = pictureSdf(pictures, grid);
  const mesh = await meshSdf(sdf, [-0.52, -0.02, -0.52], [0.52, 1.02, 0.52], 1.5 / grid);
  const uvs = new Float32Array((mesh.positions.length / 3) * 2);
  for (let i = 0; i < mesh.positions.length / 3; i++) {
    uvs[i * 2] = Math.min(1, Math.max(0, mesh.positions[i * 3]! + 0.5));
    uvs[i * 2 + 1] = Math.min(1, Math.max(0, 1 - mesh.positions[i * 3 + 1]!));
  }
  return { soup: { positions: mesh.positions, indices: mesh.indices, uvs, colors: null }, coverage };
}

export const meshSdf = levelSet;
