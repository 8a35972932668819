import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { generateModel } from './index';
import { readGlb } from './test-helpers';

const SLOW = 60_000;
const decode = (png: Uint8Array) => PNG.sync.read(Buffer.from(png));

describe('textures', () => {
  it('preview has no textures at all', async () => {
    const m = await generateModel({ prompt: 'a red chair', stage: 'preview' });
    expect(m.textures).toEqual({});
    const doc = await readGlb(m.glb);
    expect(doc.getRoot().listTextures()).toHaveLength(0);
    for (const mat of doc.getRoot().listMaterials()) expect(mat.getBaseColorTexture()).toBeNull();
  }, SLOW);

  it('refine gives every material a 1024px, visibly patterned base-colour texture', async () => {
    const m = await generateModel({ prompt: 'a red chair', stage: 'refine' });
    const doc = await readGlb(m.glb);
    const mats = doc.getRoot().listMaterials();
    for (const mat of mats) {
      expect(mat.getBaseColorTexture()).not.toBeNull();
      expect(mat.getMetallicRoughnessTexture()).toBeNull();
      expect(mat.getNormalTexture()).toBeNull();
    }
    expect(m.textures.metallic).toBeUndefined();
    expect(m.textures.normal).toBeUndefined();
    const base = decode(m.textures.base_color ?? new Uint8Array());
    expect([base.width, base.height]).toEqual([1024, 1024]);
    // clearly non-uniform: many distinct colours and a wide luminance spread
    const lum: number[] = [];
    for (let i = 0; i < base.width * base.height; i += 97) lum.push((base.data[i * 4] ?? 0) + (base.data[i * 4 + 1] ?? 0) + (base.data[i * 4 + 2] ?? 0));
    lum.sort((a, b) => a - b);
    expect((lum[Math.floor(lum.length * 0.9)] ?? 0) - (lum[Math.floor(lum.length * 0.1)] ?? 0)).toBeGreaterThan(40);
  }, SLOW);

  it('enablePbr adds metallic-roughness and normal maps; hdTexture makes the base colour 2048px', async () => {
    const m = await generateModel({ prompt: 'a silver robot', stage: 'refine', enablePbr: true, hdTexture: true });
    const doc = await readGlb(m.glb);
    for (const mat of doc.getRoot().listMaterials()) {
      expect(mat.getBaseColorTexture()).not.toBeNull();
      expect(mat.getMetallicRoughnessTexture()).not.toBeNull();
      expect(mat.getNormalTexture()).not.toBeNull();
    }
    expect(decode(m.textures.base_color ?? new Uint8Array()).width).toBe(2048);
    for (const key of ['metallic', 'roughness', 'normal'] as const) {
      const img = decode(m.textures[key] ?? new Uint8Array());
      expect(img.width).toBeGreaterThanOrEqual(512);
      expect(img.width).toBeLessThanOrEqual(1024);
    }
    // metallic / roughness look single-channel (grey), the normal map is mostly "up" (blue)
    const rough = decode(m.textures.roughness ?? new Uint8Array());
    expect(rough.data[0]).toBe(rough.data[1]);
    const normal = decode(m.textures.normal ?? new Uint8Array());
    let blue = 0;
    for (let i = 0; i < normal.width * normal.height; i++) blue += (normal.data[i * 4 + 2] ?? 0) > 200 ? 1 : 0;
    expect(blue / (normal.width * normal.height)).toBeGreaterThan(0.9);
  }, SLOW);
});
