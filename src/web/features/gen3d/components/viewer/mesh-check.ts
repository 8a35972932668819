/**
 * Printability problems read from the mesh itself (no three.js): vertices welded by position, then
 * every triangle edge counted. An edge used by one triangle is an open boundary (the rim of a
 * hole), by three or more it is non-manifold; a closed surface (watertight) has every edge used
 * exactly twice. Pure functions over flat arrays, so they are unit-tested and run on any mesh.
 */

export type MeshArrays = {
  /** x, y, z per vertex. */
  positions: ArrayLike<number>;
  /** Three vertex indices per triangle; null for a non-indexed (triangle soup) mesh. */
  index: ArrayLike<number> | null;
};

export type MeshCheck = {
  triangles: number;
  /** Distinct positions after welding. */
  weldedVertices: number;
  /** Edges used by one triangle only. */
  boundaryEdges: number;
  /** Edges used by three or more triangles. */
  nonManifoldEdges: number;
  /** Closed loops (connected groups) of boundary edges: each is one hole. */
  holes: number;
  /** Triangles with two corners at the same welded position, or no area. */
  degenerateFaces: number;
  watertight: boolean;
  /** Boundary edges as segment end points (x, y, z, x, y, z per edge), for drawing. */
  boundarySegments: Float32Array;
  /** Non-manifold edges as segment end points. */
  nonManifoldSegments: Float32Array;
};

/**
 * Gives every vertex the id of the first vertex at the same position, positions rounded to
 * `tolerance` (a grid step in model units). Returns the ids and how many distinct positions there are.
 */
export function weldByPosition(positions: ArrayLike<number>, tolerance: number): { ids: Uint32Array; count: number } {
  const n = Math.floor(positions.length / 3);
  const ids = new Uint32Array(n);
  const seen = new Map<string, number>();
  const step = tolerance > 0 ? tolerance : 1e-9;
  for (let v = 0; v < n; v++) {
    const key = `${Math.round((positions[v * 3] as number) / step)},${Math.round((positions[v * 3 + 1] as number) / step)},${Math.round((positions[v * 3 + 2] as number) / step)}`;
    let id = seen.get(key);
    if (id === undefined) {
      id = seen.size;
      seen.set(key, id);
    }
    ids[v] = id;
  }
  return { ids, count: seen.size };
}

/** A welding step fit for the mesh: a millionth of its bounding-box diagonal. */
export function defaultTolerance(positions: ArrayLike<number>): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let a = 0; a < 3; a++) {
      const value = positions[i + a] as number;
      if (value < (min[a] as number)) min[a] = value;
      if (value > (max[a] as number)) max[a] = value;
    }
  }
  const diagonal = Math.hypot((max[0] as number) - (min[0] as number), (max[1] as number) - (min[1] as number), (max[2] as number) - (min[2] as number));
  return Number.isFinite(diagonal) && diagonal > 0 ? diagonal * 1e-6 : 1e-9;
}

const cross = (ax: number, ay: number, az: number, bx: number, by: number, bz: number) =>
  Math.hypot(ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx);

/** Counts edges over the welded mesh; see the module comment. */
export function checkMesh(mesh: MeshArrays, tolerance = defaultTolerance(mesh.positions)): MeshCheck {
  const { positions } = mesh;
  const vertexCount = Math.floor(positions.length / 3);
  const corners = mesh.index ?? Array.from({ length: vertexCount - (vertexCount % 3) }, (_, i) => i);
  const triangles = Math.floor(corners.length / 3);
  const { ids, count } = weldByPosition(positions, tolerance);
  // The first original vertex of each welded id, to draw edges at real positions.
  const firstOf = new Int32Array(count).fill(-1);
  for (let v = 0; v < vertexCount; v++) if (firstOf[ids[v] as number] === -1) firstOf[ids[v] as number] = v;

  const edgeUses = new Map<number, number>();
  let degenerateFaces = 0;
  const areaFloor = tolerance * tolerance;
  for (let t = 0; t < triangles; t++) {
    const a = corners[t * 3] as number;
    const b = corners[t * 3 + 1] as number;
    const c = corners[t * 3 + 2] as number;
    const wa = ids[a] as number;
    const wb = ids[b] as number;
    const wc = ids[c] as number;
    if (wa === wb || wb === wc || wa === wc) {
      degenerateFaces++;
      continue;
    }
    const ax = positions[a * 3] as number;
    const ay = positions[a * 3 + 1] as number;
    const az = positions[a * 3 + 2] as number;
    const area = cross(
      (positions[b * 3] as number) - ax, (positions[b * 3 + 1] as number) - ay, (positions[b * 3 + 2] as number) - az,
      (positions[c * 3] as number) - ax, (positions[c * 3 + 1] as number) - ay, (positions[c * 3 + 2] as number) - az,
    );
    if (area <= areaFloor) degenerateFaces++;
    for (const [p, q] of [[wa, wb], [wb, wc], [wc, wa]] as const) {
      const key = p < q ? p * count + q : q * count + p;
      edgeUses.set(key, (edgeUses.get(key) ?? 0) + 1);
    }
  }

  const boundary: number[] = [];
  const nonManifold: number[] = [];
  // Union–find over boundary vertices: each connected group of open edges is one hole.
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root) as number;
    let node = x;
    while (node !== root) {
      const next = parent.get(node) as number;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const push = (out: number[], p: number, q: number) => {
    for (const w of [p, q]) {
      const v = firstOf[w] as number;
      out.push(positions[v * 3] as number, positions[v * 3 + 1] as number, positions[v * 3 + 2] as number);
    }
  };
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  for (const [key, uses] of edgeUses) {
    if (uses === 2) continue;
    const p = Math.floor(key / count);
    const q = key - p * count;
    if (uses === 1) {
      boundaryEdges++;
      push(boundary, p, q);
      for (const w of [p, q]) if (!parent.has(w)) parent.set(w, w);
      const rp = find(p);
      const rq = find(q);
      if (rp !== rq) parent.set(rp, rq);
    } else {
      nonManifoldEdges++;
      push(nonManifold, p, q);
    }
  }
  let holes = 0;
  for (const [w] of parent) if (find(w) === w) holes++;

  return {
    triangles,
    weldedVertices: count,
    boundaryEdges,
    nonManifoldEdges,
    holes,
    degenerateFaces,
    watertight: triangles > 0 && boundaryEdges === 0 && nonManifoldEdges === 0,
    boundarySegments: new Float32Array(boundary),
    nonManifoldSegments: new Float32Array(nonManifold),
  };
}

/** Sums the checks of several meshes (segments concatenated). */
export function mergeChecks(checks: readonly MeshCheck[]): MeshCheck {
  const concat = (parts: Float32Array[]) => {
    const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const p of parts) {
      out.set(p, offset);
      offset += p.length;
    }
    return out;
  };
  const sum = (f: (c: MeshCheck) => number) => checks.reduce((n, c) => n + f(c), 0);
  const boundaryEdges = sum((c) => c.boundaryEdges);
  const nonManifoldEdges = sum((c) => c.nonManifoldEdges);
  const triangles = sum((c) => c.triangles);
  return {
    triangles,
    weldedVertices: sum((c) => c.weldedVertices),
    boundaryEdges,
    nonManifoldEdges,
    holes: sum((c) => c.holes),
    degenerateFaces: sum((c) => c.degenerateFaces),
    watertight: triangles > 0 && boundaryEdges === 0 && nonManifoldEdges === 0,
    boundarySegments: concat(checks.map((c) => c.boundarySegments)),
    nonManifoldSegments: concat(checks.map((c) => c.nonManifoldSegments)),
  };
}
