import { createRequire } from 'node:module';
import { weld, type Soup } from './soup';
import { weldEps } from './topology';

type XatlasMesh = { index: Uint16Array; vertex: { vertices: Float32Array; coords1: Float32Array }; oldIndexes: Uint16Array };
type XatlasApi = {
  createAtlas(): void;
  destroyAtlas(): void;
  addMesh(indexes: Uint16Array, vertices: Float32Array): unknown;
  generateAtlas(chart: Record<string, unknown>, pack: Record<string, unknown>): { meshes: XatlasMesh[] };
};

/** xatlas's JS wrapper copies indices through Uint16 (node-libraries.md): meshes must stay under this. */
export const XATLAS_MAX_VERTICES = 65_535;
let api: Promise<XatlasApi> | null = null;

async function xatlas(): Promise<XatlasApi> {
  api ??= (async () => {
    const { Api } = (await import('xatlasjs/dist/node/api.mjs' as string)) as { Api: (factory: unknown) => new (onLoad: () => void) => XatlasApi };
    const factory = createRequire(import.meta.url)('xatlasjs/dist/node/xatlas.js') as unknown;
    const Ctor = Api(factory);
    return new Promise<XatlasApi>((resolve) => {
      const a: XatlasApi = new Ctor(() => resolve(a));
    });
  })();
  return api;
}

/**
 * UV unwrap with xatlas (node build; blocking, so it runs in the sandbox's worker thread): charts
 * limited in size above ~10k triangles (superlinear otherwise), packed into one atlas in 0..1.
 * Vertices are split along chart seams; colours follow their original vertex.
 */
export async function unwrapUvs(input: Soup): Promise<Soup> {
  const base = weld({ ...input, uvs: null }, weldEps(input.positions)).soup;
  if (base.positions.length / 3 > XATLAS_MAX_VERTICES) throw new Error(`UV unwrap takes at most ${XATLAS_MAX_VERTICES} vertices after welding.`);
  const x = await xatlas();
  x.createAtlas();
  let m: XatlasMesh | undefined;
  try {
    x.addMesh(Uint16Array.from(base.indices), base.positions);
    const big = base.indices.length / 3 > 10_000;
    m = x.generateAtlas(big ? { maxChartArea: 0.05, maxBoundaryLength: 1 } : {}, { padding: 2, resolution: 1024, bilinear: true }).meshes[0];
  } finally {
    x.destroyAtlas();
  }
  if (!m) throw new Error('xatlas returned no mesh');
  const n = m.vertex.vertices.length / 3;
  const indices = Uint32Array.from(m.index);
  for (const i of indices) if (i >= n) throw new Error('xatlas returned a corrupt index');
  const colors = base.colors ? Float32Array.from({ length: n * 3 }, (_, j) => base.colors![m.oldIndexes[Math.floor(j / 3)]! * 3 + (j % 3)]!) : null;
  return { positions: Float32Array.from(m.vertex.vertices), indices, uvs: Float32Array.from(m.vertex.coords1), colors };
}
