import Module from 'manifold-3d';

type Wasm = Awaited<ReturnType<typeof Module>>;
let wasm: Promise<Wasm> | null = null;

/** manifold-3d's wasm, set up once per thread. */
export function manifoldWasm(): Promise<Wasm> {
  wasm ??= Module().then((w) => {
    w.setup();
    return w;
  });
  return wasm;
}

/**
 * Certifies a mesh as a closed 2-manifold with manifold-3d (it throws `NotManifold` otherwise) and
 * returns manifold-3d's own copy of it; null when it refuses.
 */
export async function certify(positions: Float32Array, indices: Uint32Array): Promise<{ positions: Float32Array; indices: Uint32Array; volume: number } | null> {
  const w = await manifoldWasm();
  const mesh = new w.Mesh({ numProp: 3, vertProperties: positions, triVerts: indices });
  let solid: InstanceType<Wasm['Manifold']> | null = null;
  try {
    solid = new w.Manifold(mesh);
    if (solid.status() !== 'NoError') return null;
    const out = solid.getMesh();
    const props = out.vertProperties;
    const stride = out.numProp;
    const pos = new Float32Array((props.length / stride) * 3);
    for (let i = 0; i < props.length / stride; i++) pos.set(props.subarray(i * stride, i * stride + 3), i * 3);
    return { positions: pos, indices: Uint32Array.from(out.triVerts), volume: solid.volume() };
  } catch {
    return null;
  } finally {
    solid?.delete();
  }
}

/** The convex hull of the points: always watertight (the last resort of a repair). */
export async function hull(positions: Float32Array): Promise<{ positions: Float32Array; indices: Uint32Array }> {
  const w = await manifoldWasm();
  const pts: Array<[number, number, number]> = [];
  for (let i = 0; i < positions.length; i += 3) pts.push([positions[i]!, positions[i + 1]!, positions[i + 2]!]);
  const solid = w.Manifold.hull(pts);
  const out = solid.getMesh();
  const stride = out.numProp;
  const pos = new Float32Array((out.vertProperties.length / stride) * 3);
  for (let i = 0; i < pos.length / 3; i++) pos.set(out.vertProperties.subarray(i * stride, i * stride + 3), i * 3);
  solid.delete();
  return { positions: pos, indices: Uint32Array.from(out.triVerts) };
}

/** A signed distance function meshed watertight by manifold-3d's marching tetrahedra (positive inside). */
export async function levelSet(sdf: (p: [number, number, number]) => number, min: [number, number, number], max: [number, number, number], edge: number) {
  const w = await manifoldWasm();
  const solid = w.Manifold.levelSet((p) => sdf(p as [number, number, number]), { min, max }, edge);
  const out = solid.getMesh();
  const stride = out.numProp;
  const pos = new Float32Array((out.vertProperties.length / stride) * 3);
  for (let i = 0; i < pos.length / 3; i++) pos.set(out.vertProperties.subarray(i * stride, i * stride + 3), i * 3);
  solid.delete();
  return { positions: pos, indices: Uint32Array.from(out.triVerts) };
}
