/**
 * The one mesh form the sandbox's operations work on: an indexed triangle list with optional UVs
 * and per-vertex colours (sRGB 0..1). Files are read into it (io.ts) and written from it.
 */
export type Soup = {
  positions: Float32Array;
  indices: Uint32Array;
  uvs: Float32Array | null;
  colors: Float32Array | null;
};

export type Box = { min: [number, number, number]; max: [number, number, number] };

export const faceCount = (s: Pick<Soup, 'indices'>) => s.indices.length / 3;
export const vertexCount = (s: Pick<Soup, 'positions'>) => s.positions.length / 3;

export function bounds(positions: Float32Array): Box {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3)
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k] as number;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  if (positions.length === 0) return { min: [0, 0, 0], max: [0, 0, 0] };
  return { min, max };
}

export const size = (b: Box): [number, number, number] => [b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]];

/**
 * Merges vertices at the same position (within `eps`), keeping the first vertex's UV and colour.
 * Returns the welded soup and, for each old vertex, its new index.
 */
export function weld(s: Soup, eps = 1e-5): { soup: Soup; remap: Uint32Array } {
  const n = s.positions.length / 3;
  const remap = new Uint32Array(n);
  const seen = new Map<string, number>();
  const keep: number[] = [];
  const q = (v: number) => Math.round(v / eps);
  for (let i = 0; i < n; i++) {
    const key = `${q(s.positions[i * 3]!)},${q(s.positions[i * 3 + 1]!)},${q(s.positions[i * 3 + 2]!)}`;
    let at = seen.get(key);
    if (at === undefined) {
      at = keep.length;
      seen.set(key, at);
      keep.push(i);
    }
    remap[i] = at;
  }
  const pick = (src: Float32Array | null, k: number) => {
    if (!src) return null;
    const out = new Float32Array(keep.length * k);
    keep.forEach((old, i) => out.set(src.subarray(old * k, old * k + k), i * k));
    return out;
  };
  const indices = Uint32Array.from(s.indices, (i) => remap[i]!);
  return { soup: { positions: pick(s.positions, 3)!, indices, uvs: pick(s.uvs, 2), colors: pick(s.colors, 3) }, remap };
}

/** Area-weighted smooth vertex normals. */
export function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const out = new Float32Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3, b = indices[t + 1]! * 3, c = indices[t + 2]! * 3;
    const ux = positions[b]! - positions[a]!, uy = positions[b + 1]! - positions[a + 1]!, uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[c]! - positions[a]!, vy = positions[c + 1]! - positions[a + 1]!, vz = positions[c + 2]! - positions[a + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (const v of [a, b, c]) {
      out[v] = out[v]! + nx;
      out[v + 1] = out[v + 1]! + ny;
      out[v + 2] = out[v + 2]! + nz;
    }
  }
  for (let i = 0; i < out.length; i += 3) {
    const l = Math.hypot(out[i]!, out[i + 1]!, out[i + 2]!);
    if (l > 1e-12) {
      out[i] = out[i]! / l;
      out[i + 1] = out[i + 1]! / l;
      out[i + 2] = out[i + 2]! / l;
    } else out[i + 1] = 1;
  }
  return out;
}

/** Each vertex moved by `fn` (a new soup). */
export function mapPositions(s: Soup, fn: (x: number, y: number, z: number) => [number, number, number]): Soup {
  const positions = new Float32Array(s.positions.length);
  for (let i = 0; i < positions.length; i += 3) positions.set(fn(s.positions[i]!, s.positions[i + 1]!, s.positions[i + 2]!), i);
  return { ...s, positions };
}

/** Several soups as one. */
export function concat(parts: readonly Soup[]): Soup {
  const nv = parts.reduce((n, p) => n + p.positions.length / 3, 0);
  const ni = parts.reduce((n, p) => n + p.indices.length, 0);
  const positions = new Float32Array(nv * 3);
  const indices = new Uint32Array(ni);
  const withUv = parts.every((p) => p.uvs);
  const withColor = parts.some((p) => p.colors);
  const uvs = withUv ? new Float32Array(nv * 2) : null;
  const colors = withColor ? new Float32Array(nv * 3).fill(0.8) : null;
  let v = 0;
  let i = 0;
  for (const p of parts) {
    positions.set(p.positions, v * 3);
    if (uvs && p.uvs) uvs.set(p.uvs, v * 2);
    if (colors && p.colors) colors.set(p.colors, v * 3);
    for (let k = 0; k < p.indices.length; k++) indices[i + k] = p.indices[k]! + v;
    v += p.positions.length / 3;
    i += p.indices.length;
  }
  return { positions, indices, uvs, colors };
}
