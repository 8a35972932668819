import { bounds, size, weld, type Soup } from './soup';

/**
 * Edge topology of a triangle mesh (after welding by position), for print analysis and repair:
 * boundary edges (used by one face), non-manifold edges (used by more than two), degenerate faces
 * (zero area or a repeated corner) and boundary loops (holes).
 */
export type Topology = {
  soup: Soup;
  degenerate: Set<number>;
  boundaryEdges: number;
  nonManifoldEdges: number;
  edges: number;
  /** Boundary loops as vertex lists, in the direction of their faces' edges. */
  loops: number[][];
};

export const edgeKey = (a: number, b: number) => (a < b ? a * 0x100000000 + b : b * 0x100000000 + a);

/** Welding tolerance relative to the model's size. */
export const weldEps = (positions: Float32Array) => Math.max(1e-7, Math.hypot(...size(bounds(positions))) * 1e-6);

export function triangleArea2(p: Float32Array, a: number, b: number, c: number): number {
  const ux = p[b * 3]! - p[a * 3]!, uy = p[b * 3 + 1]! - p[a * 3 + 1]!, uz = p[b * 3 + 2]! - p[a * 3 + 2]!;
  const vx = p[c * 3]! - p[a * 3]!, vy = p[c * 3 + 1]! - p[a * 3 + 1]!, vz = p[c * 3 + 2]! - p[a * 3 + 2]!;
  return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
}

export function topology(input: Soup): Topology {
  const eps = weldEps(input.positions);
  const soup = weld(input, eps).soup;
  const { indices, positions } = soup;
  const degenerate = new Set<number>();
  const count = new Map<number, number>();
  /** Directed edge a→b of a face, for boundary walking. */
  const directed = new Map<number, number>();
  for (let t = 0; t < indices.length / 3; t++) {
    const a = indices[t * 3]!, b = indices[t * 3 + 1]!, c = indices[t * 3 + 2]!;
    if (a === b || b === c || a === c || triangleArea2(positions, a, b, c) <= eps * eps) {
      degenerate.add(t);
      continue;
    }
    for (const [u, v] of [[a, b], [b, c], [c, a]] as const) {
      const k = edgeKey(u, v);
      count.set(k, (count.get(k) ?? 0) + 1);
      directed.set(u * 0x100000000 + v, 1);
    }
  }
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  const next = new Map<number, number[]>();
  for (const [k, n] of count) {
    if (n > 2) nonManifoldEdges++;
    if (n !== 1) continue;
    boundaryEdges++;
    const lo = Math.floor(k / 0x100000000), hi = k % 0x100000000;
    const [u, v] = directed.has(lo * 0x100000000 + hi) ? [lo, hi] : [hi, lo];
    next.set(u, [...(next.get(u) ?? []), v]);
  }
  return { soup, degenerate, boundaryEdges, nonManifoldEdges, edges: count.size, loops: boundaryLoops(next) };
}

/** Walks boundary edges u→v into closed loops (a vertex on two holes is left by its first unused edge). */
function boundaryLoops(next: Map<number, number[]>): number[][] {
  const loops: number[][] = [];
  for (const start of [...next.keys()]) {
    while ((next.get(start)?.length ?? 0) > 0) {
      const loop = [start];
      let at = start;
      for (let guard = 0; guard < 1_000_000; guard++) {
        const outs = next.get(at);
        const to = outs?.shift();
        if (to === undefined) break;
        if (to === start) break;
        loop.push(to);
        at = to;
      }
      if (loop.length >= 3) loops.push(loop);
    }
  }
  return loops;
}

/** Volume enclosed (signed sum of tetrahedra from the origin; positive when faces point outward). */
export function signedVolume(positions: Float32Array, indices: Uint32Array, skip?: Set<number>): number {
  let v = 0;
  for (let t = 0; t < indices.length / 3; t++) {
    if (skip?.has(t)) continue;
    const a = indices[t * 3]! * 3, b = indices[t * 3 + 1]! * 3, c = indices[t * 3 + 2]! * 3;
    const [ax, ay, az] = [positions[a]!, positions[a + 1]!, positions[a + 2]!];
    const [bx, by, bz] = [positions[b]!, positions[b + 1]!, positions[b + 2]!];
    const [cx, cy, cz] = [positions[c]!, positions[c + 1]!, positions[c + 2]!];
    v += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
  }
  return v;
}
