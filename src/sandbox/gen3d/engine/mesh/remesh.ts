import { MeshoptSimplifier } from 'meshoptimizer';
import { edgeKey, weldEps } from './topology';
import { weld, type Soup } from './soup';

/**
 * Remesh to a target polycount: welded (positions only, so the simplifier can collapse across UV
 * seams), subdivided by edge midpoints while under the target, then simplified by meshoptimizer to
 * the target. Topology `quad`: triangles are paired into quads (our own greedy pairing: no library
 * remeshes to quads), the triangle target tuned so quads plus leftover triangles meet the target.
 */
export type Remeshed = { soup: Soup; quads: Array<[number, number]> | null; faces: number };

export async function remesh(input: Soup, target: number, topology: 'quad' | 'triangle'): Promise<Remeshed> {
  await MeshoptSimplifier.ready;
  const base = weld({ ...input, uvs: null }, weldEps(input.positions)).soup;
  if (topology === 'triangle') {
    const soup = toTriangles(base, target);
    return { soup, quads: null, faces: soup.indices.length / 3 };
  }
  let triTarget = target * 2;
  let best: Remeshed | null = null;
  for (let round = 0; round < 4; round++) {
    const soup = toTriangles(base, triTarget);
    const quads = pairQuads(soup);
    const faces = soup.indices.length / 3 - quads.length;
    if (!best || Math.abs(faces - target) < Math.abs(best.faces - target)) best = { soup, quads, faces };
    if (Math.abs(faces - target) <= target * 0.01) break;
    triTarget = Math.max(4, Math.round(triTarget * (target / faces)));
  }
  return best!;
}

function toTriangles(base: Soup, target: number): Soup {
  let soup = base;
  while (soup.indices.length / 3 < target) soup = subdivide(soup);
  if (soup.indices.length / 3 === target) return soup;
  const [indices] = MeshoptSimplifier.simplify(soup.indices, soup.positions, 3, target * 3, 1);
  return topUp(compact({ ...soup, indices }), target);
}

/**
 * The simplifier collapses edges, two faces at a time, and may stop a face or two short: split the
 * longest edges at their midpoints (+2 faces inside, +1 on an open border) to land on the target.
 * (A closed mesh always has an even face count, so an odd target stays one short there.)
 */
function topUp(s: Soup, target: number): Soup {
  let faces = Array.from({ length: s.indices.length / 3 }, (_, t) => [s.indices[t * 3]!, s.indices[t * 3 + 1]!, s.indices[t * 3 + 2]!]);
  const pos = Array.from(s.positions);
  const col = s.colors ? Array.from(s.colors) : null;
  for (let guard = 0; faces.length < target && guard < 64; guard++) {
    const need = target - faces.length;
    const byEdge = new Map<number, number[]>();
    faces.forEach((f, t) => [0, 1, 2].forEach((k) => {
      const e = edgeKey(f[k]!, f[(k + 1) % 3]!);
      byEdge.set(e, [...(byEdge.get(e) ?? []), t]);
    }));
    const len = (e: number) => {
      const a = Math.floor(e / 0x100000000), b = e % 0x100000000;
      return Math.hypot(pos[a * 3]! - pos[b * 3]!, pos[a * 3 + 1]! - pos[b * 3 + 1]!, pos[a * 3 + 2]! - pos[b * 3 + 2]!);
    };
    const want = need >= 2 ? 2 : 1;
    let best = -1;
    for (const [e, ts] of byEdge) if (ts.length === want && (best < 0 || len(e) > len(best))) best = e;
    if (best < 0) break;
    const a = Math.floor(best / 0x100000000), b = best % 0x100000000;
    const m = pos.length / 3;
    for (let k = 0; k < 3; k++) pos.push((pos[a * 3 + k]! + pos[b * 3 + k]!) / 2);
    if (col) for (let k = 0; k < 3; k++) col.push((col[a * 3 + k]! + col[b * 3 + k]!) / 2);
    const next: number[][] = [];
    faces.forEach((f, t) => {
      if (!byEdge.get(best)!.includes(t)) return next.push(f);
      // keep the winding: replace a by m in one copy, b by m in the other
      next.push(f.map((v) => (v === a ? m : v)), f.map((v) => (v === b ? m : v)));
    });
    faces = next;
  }
  return { positions: Float32Array.from(pos), indices: Uint32Array.from(faces.flat()), uvs: null, colors: col ? Float32Array.from(col) : null };
}

/** Each triangle split in four at its edge midpoints (shared between neighbours). */
export function subdivide(s: Soup): Soup {
  const pos = Array.from(s.positions);
  const col = s.colors ? Array.from(s.colors) : null;
  const mid = new Map<number, number>();
  const at = (a: number, b: number) => {
    const k = edgeKey(a, b);
    let m = mid.get(k);
    if (m === undefined) {
      m = pos.length / 3;
      for (let i = 0; i < 3; i++) pos.push((pos[a * 3 + i]! + pos[b * 3 + i]!) / 2);
      if (col) for (let i = 0; i < 3; i++) col.push((col[a * 3 + i]! + col[b * 3 + i]!) / 2);
      mid.set(k, m);
    }
    return m;
  };
  const out: number[] = [];
  for (let t = 0; t < s.indices.length; t += 3) {
    const a = s.indices[t]!, b = s.indices[t + 1]!, c = s.indices[t + 2]!;
    const ab = at(a, b), bc = at(b, c), ca = at(c, a);
    out.push(a, ab, ca, ab, b, bc, ca, bc, c, ab, bc, ca);
  }
  return { positions: Float32Array.from(pos), indices: Uint32Array.from(out), uvs: null, colors: col ? Float32Array.from(col) : null };
}

/** Drops vertices no triangle uses. */
function compact(s: Soup): Soup {
  const map = new Int32Array(s.positions.length / 3).fill(-1);
  const keep: number[] = [];
  const indices = Uint32Array.from(s.indices, (i) => {
    if (map[i] === -1) {
      map[i] = keep.length;
      keep.push(i);
    }
    return map[i]!;
  });
  const pick = (src: Float32Array | null, k: number) => (src ? Float32Array.from({ length: keep.length * k }, (_, j) => src[keep[Math.floor(j / k)]! * k + (j % k)]!) : null);
  return { positions: pick(s.positions, 3)!, indices, uvs: pick(s.uvs, 2), colors: pick(s.colors, 3) };
}

/**
 * Greedy quad pairing: each triangle joins the neighbour across one of its edges whose quad is the
 * most planar and convex; the best-scoring pairs are taken first.
 */
export function pairQuads(s: Soup): Array<[number, number]> {
  const { indices: I, positions: P } = s;
  const nt = I.length / 3;
  const normal = (t: number) => {
    const a = I[t * 3]! * 3, b = I[t * 3 + 1]! * 3, c = I[t * 3 + 2]! * 3;
    const ux = P[b]! - P[a]!, uy = P[b + 1]! - P[a + 1]!, uz = P[b + 2]! - P[a + 2]!;
    const vx = P[c]! - P[a]!, vy = P[c + 1]! - P[a + 1]!, vz = P[c + 2]! - P[a + 2]!;
    const n = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    const l = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
    return n.map((x) => x / l);
  };
  const normals = Array.from({ length: nt }, (_, t) => normal(t));
  const byEdge = new Map<number, number[]>();
  for (let t = 0; t < nt; t++)
    for (let k = 0; k < 3; k++) {
      const e = edgeKey(I[t * 3 + k]!, I[t * 3 + ((k + 1) % 3)]!);
      byEdge.set(e, [...(byEdge.get(e) ?? []), t]);
    }
  const candidates: Array<[number, number, number]> = [];
  for (const ts of byEdge.values()) {
    if (ts.length !== 2) continue;
    const [a, b] = ts as [number, number];
    const na = normals[a]!, nb = normals[b]!;
    const planar = na[0]! * nb[0]! + na[1]! * nb[1]! + na[2]! * nb[2]!;
    if (planar > 0.5) candidates.push([planar, a, b]);
  }
  candidates.sort((x, y) => y[0] - x[0]);
  const used = new Uint8Array(nt);
  const pairs: Array<[number, number]> = [];
  for (const [, a, b] of candidates) {
    if (used[a] || used[b]) continue;
    used[a] = used[b] = 1;
    pairs.push([a, b]);
  }
  return pairs;
}
