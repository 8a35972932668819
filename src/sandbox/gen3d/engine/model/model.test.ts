import { getBounds } from '@gltf-transform/functions';
import { describe, expect, it } from 'vitest';
import { generateModel } from './index';
import type { GeneratedModel, ModelSpec } from './index';
import { countTriangles, hueOf, readGlb, validateGlb } from './test-helpers';

const SLOW = 60_000;
const cache = new Map<string, Promise<GeneratedModel>>();
function gen(spec: ModelSpec): Promise<GeneratedModel> {
  const key = JSON.stringify(spec);
  let hit = cache.get(key);
  if (!hit) {
    hit = generateModel(spec);
    cache.set(key, hit);
  }
  return hit;
}

async function primaryColour(m: GeneratedModel): Promise<number[]> {
  const doc = await readGlb(m.glb);
  const first = doc.getRoot().listMaterials()[0];
  if (!first) throw new Error('no material');
  return first.getBaseColorFactor().slice(0, 3);
}

async function positions(m: GeneratedModel): Promise<Float32Array[]> {
  const doc = await readGlb(m.glb);
  return doc.getRoot().listMeshes().flatMap((mesh) =>
    mesh.listPrimitives().map((p) => Float32Array.from(p.getAttribute('POSITION')?.getArray() ?? [])),
  );
}

/** linear glTF factor → sRGB */
const toSrgb = (c: number): number => (c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055);
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

describe('GLB validity (Khronos glTF validator)', () => {
  const cases: Array<[string, ModelSpec]> = [
    ['preview', { prompt: 'a red chair', stage: 'preview' }],
    ['refine', { prompt: 'a red chair', stage: 'refine' }],
    ['refine + PBR', { prompt: 'a blue rocket', stage: 'refine', enablePbr: true }],
    ['refine + HD', { prompt: 'an oak tree', stage: 'refine', hdTexture: true }],
    ['refine + PBR + HD', { prompt: 'a castle', stage: 'refine', enablePbr: true, hdTexture: true }],
    ['t-pose character', { prompt: 'a knight character', stage: 'refine', enablePbr: true, poseMode: 't-pose' }],
    ['unknown prompt', { prompt: 'zorblax quintessence', stage: 'preview' }],
  ];
  it.each(cases)('%s has no validation errors or warnings', async (_name, spec) => {
    const report = await validateGlb((await gen(spec)).glb);
    expect(report.issues.messages.filter((m) => m.severity <= 1)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
  }, SLOW);
});

describe('geometry', () => {
  it('faceCount is the triangle count stored in the GLB', async () => {
    for (const prompt of ['a red chair', 'a robot', 'qwerty flummox']) {
      const m = await gen({ prompt, stage: 'preview' });
      expect(countTriangles(await readGlb(m.glb))).toBe(m.faceCount);
      expect(m.faceCount).toBeGreaterThan(500);
      expect(m.faceCount).toBeLessThan(40_000);
    }
  }, SLOW);

  it('is centred on X/Z, rests on y=0 and is 1–2 units tall, with normals and UVs', async () => {
    const doc = await readGlb((await gen({ prompt: 'a blue rocket', stage: 'preview' })).glb);
    const scene = doc.getRoot().getDefaultScene();
    if (!scene) throw new Error('no scene');
    const { min, max } = getBounds(scene);
    expect(min[1]).toBeCloseTo(0, 4);
    expect(max[1]).toBeGreaterThanOrEqual(0.99);
    expect(max[1]).toBeLessThanOrEqual(2.01);
    expect(Math.abs(min[0] + max[0])).toBeLessThan(1e-4);
    expect(Math.abs(min[2] + max[2])).toBeLessThan(1e-4);
    for (const prim of doc.getRoot().listMeshes().flatMap((m) => m.listPrimitives())) {
      expect(prim.getAttribute('NORMAL')).not.toBeNull();
      expect(prim.getAttribute('TEXCOORD_0')).not.toBeNull();
      expect(prim.getIndices()).not.toBeNull();
    }
  }, SLOW);

  it('splits parts into several meshes and materials where it makes sense', async () => {
    const doc = await readGlb((await gen({ prompt: 'a red chair', stage: 'preview' })).glb);
    expect(doc.getRoot().listMeshes().length).toBeGreaterThan(1);
    expect(doc.getRoot().listMaterials().length).toBeGreaterThan(1);
  }, SLOW);

  it('different prompts give different shapes and colours', async () => {
    const prompts = ['a red chair', 'a blue rocket', 'an oak tree', 'blibber jabberwock', 'frumious snark'];
    const models = await Promise.all(prompts.map((prompt) => gen({ prompt, stage: 'preview' })));
    const shapes = await Promise.all(models.map(positions));
    const colours = (await Promise.all(models.map(primaryColour))).map((c) => c.map(toSrgb));
    const differ = (i: number, j: number) => {
      const a = shapes[i] ?? [], b = shapes[j] ?? [];
      const sameShape = a.length === b.length && a.every((arr, k) => sameBytes(new Uint8Array(arr.buffer), new Uint8Array((b[k] ?? arr).buffer)));
      expect(sameShape, `${prompts[i]} vs ${prompts[j]} geometry`).toBe(false);
      const ca = colours[i] ?? [], cb = colours[j] ?? [];
      return ca.reduce((sum, v, k) => sum + Math.abs(v - (cb[k] ?? 0)), 0);
    };
    // named colours clearly differ; every pair differs in shape and (at least slightly) in colour
    for (const [i, j] of [[0, 1], [0, 2], [1, 2]] as const) expect(differ(i, j), `${prompts[i]} vs ${prompts[j]}`).toBeGreaterThan(0.25);
    for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) expect(differ(i, j)).toBeGreaterThan(0.02);
    const [red, blue, green] = colours as [number[], number[], number[]];
    expect(red[0]).toBeGreaterThan((red[1] ?? 0) * 2);
    expect(blue[2]).toBeGreaterThan((blue[0] ?? 0) * 2);
    expect(green[1]).toBeGreaterThan(green[2] ?? 0);
  }, SLOW);

  it('unknown prompts get hues spread around the colour wheel', async () => {
    const prompts = ['blibber jabberwock', 'frumious snark', 'zorblax quintessence', 'vorpal snicker', 'mimsy borogove', 'tulgey wood', 'uffish thought', 'manxome foe'];
    const colours = await Promise.all(prompts.map(async (prompt) => (await primaryColour(await gen({ prompt, stage: 'preview' }))).map(toSrgb)));
    const sectors = new Set(colours.map((c) => Math.floor(hueOf(c.map((v) => v * 255)) / 60)));
    expect(sectors.size).toBeGreaterThanOrEqual(4);
  }, SLOW);

  it('arms follow the pose mode (t-pose is wider than a-pose)', async () => {
    const width = async (poseMode: ModelSpec['poseMode']) => {
      const doc = await readGlb((await gen({ prompt: 'a person', stage: 'preview', poseMode })).glb);
      const scene = doc.getRoot().getDefaultScene();
      if (!scene) throw new Error('no scene');
      const { min, max } = getBounds(scene);
      return (max[0] - min[0]) / (max[1] - min[1]);
    };
    const t = await width('t-pose');
    const a = await width('a-pose');
    const relaxed = await width('');
    expect(t).toBeGreaterThan(a * 1.2);
    expect(a).toBeGreaterThan(relaxed * 1.1);
  }, SLOW);
});

describe('determinism', () => {
  it('the same spec gives byte-identical output', async () => {
    const spec: ModelSpec = { prompt: 'A Purple  Vase', stage: 'refine', enablePbr: true };
    const [a, b] = await Promise.all([generateModel(spec, ['obj', 'stl', '3mf']), generateModel(spec, ['obj', 'stl', '3mf'])]);
    expect(sameBytes(a.glb, b.glb)).toBe(true);
    expect(sameBytes(a.thumbnailPng, b.thumbnailPng)).toBe(true);
    for (const f of ['obj', 'stl', '3mf'] as const) expect(sameBytes(a.formats[f] ?? new Uint8Array(), b.formats[f] ?? new Uint8Array(1))).toBe(true);
    expect(a.faceCount).toBe(b.faceCount);
  }, SLOW);

  it('preview and refine share the same mesh', async () => {
    const p = await gen({ prompt: 'a red chair', stage: 'preview' });
    const r = await gen({ prompt: 'a red chair', stage: 'refine' });
    expect(r.faceCount).toBe(p.faceCount);
  }, SLOW);
});
