import { certify, hull } from './manifold';
import type { Soup } from './soup';
import { edgeKey, signedVolume, topology } from './topology';

/**
 * Print repair: geometry only (textures dropped, document). Welds, drops degenerate and duplicate
 * faces and the faces beyond the second on a non-manifold edge, orients each shell consistently,
 * fills every hole, then has manifold-3d certify the result watertight. Hole filling is ours
 * (manifold-3d has none): each boundary loop is closed by a fan around its centroid. When
 * manifold-3d still refuses, the convex hull is returned (watertight, noted in `method`).
 */
export async function repairMesh(input: Soup): Promise<{ soup: Soup; method: 'filled' | 'hull'; holesFilled: number }> {
  const topo = topology(input);
  const positions = Array.from(topo.soup.positions);
  const seenFaces = new Set<string>();
  const edgeUse = new Map<number, number>();
  let faces: number[][] = [];
  for (let t = 0; t < topo.soup.indices.length / 3; t++) {
    if (topo.degenerate.has(t)) continue;
    const f = [topo.soup.indices[t * 3]!, topo.soup.indices[t * 3 + 1]!, topo.soup.indices[t * 3 + 2]!];
    const key = [...f].sort((a, b) => a - b).join(',');
    if (seenFaces.has(key)) continue;
    const edges = [edgeKey(f[0]!, f[1]!), edgeKey(f[1]!, f[2]!), edgeKey(f[2]!, f[0]!)];
    if (edges.some((e) => (edgeUse.get(e) ?? 0) >= 2)) continue;
    seenFaces.add(key);
    for (const e of edges) edgeUse.set(e, (edgeUse.get(e) ?? 0) + 1);
    faces.push(f);
  }
  faces = orient(faces);
  const indices = Uint32Array.from(faces.flat());
  const open = topology({ positions: Float32Array.from(positions), indices, uvs: null, colors: null });
  // topology() re-welds; its soup has the same vertex order here (already welded).
  for (const loop of open.loops) {
    const c = [0, 0, 0];
    for (const v of loop) for (let k = 0; k < 3; k++) c[k]! += positions[v * 3 + k]! / loop.length;
    const centre = positions.length / 3;
    positions.push(c[0]!, c[1]!, c[2]!);
    for (let i = 0; i < loop.length; i++) faces.push([loop[(i + 1) % loop.length]!, loop[i]!, centre]);
  }
  let pos: Float32Array = Float32Array.from(positions);
  let idx: Uint32Array = Uint32Array.from(faces.flat());
  if (signedVolume(pos, idx) < 0) idx = flip(idx);
  const certified = await certify(pos, idx);
  if (certified) return { soup: { positions: certified.positions, indices: certified.indices, uvs: null, colors: null }, method: 'filled', holesFilled: open.loops.length };
  ({ positions: pos, indices: idx } = await hull(pos));
  return { soup: { positions: pos, indices: idx, uvs: null, colors: null }, method: 'hull', holesFilled: open.loops.length };
}

const flip = (idx: Uint32Array) => {
  const out = Uint32Array.from(idx);
  for (let t = 0; t < out.length; t += 3) [out[t + 1], out[t + 2]] = [out[t + 2]!, out[t + 1]!];
  return out;
};

/** Consistent winding per connected shell: a neighbour across an edge must run that edge the other way. */
function orient(faces: number[][]): number[][] {
  const byEdge = new Map<number, number[]>();
  faces.forEach((f, i) => {
    for (let k = 0; k < 3; k++) {
      const e = edgeKey(f[k]!, f[(k + 1) % 3]!);
      byEdge.set(e, [...(byEdge.get(e) ?? []), i]);
    }
  });
  const done = new Uint8Array(faces.length);
  const runs = (f: number[], a: number, b: number) => [0, 1, 2].some((k) => f[k] === a && f[(k + 1) % 3] === b);
  for (let s = 0; s < faces.length; s++) {
    if (done[s]) continue;
    done[s] = 1;
    const stack = [s];
    while (stack.length) {
      const i = stack.pop()!;
      const f = faces[i]!;
      for (let k = 0; k < 3; k++) {
        const a = f[k]!, b = f[(k + 1) % 3]!;
        for (const j of byEdge.get(edgeKey(a, b)) ?? []) {
          if (done[j]) continue;
          const g = faces[j]!;
          if (runs(g, a, b)) faces[j] = [g[0]!, g[2]!, g[1]!];
          done[j] = 1;
          stack.push(j);
        }
      }
    }
  }
  return faces;
}
