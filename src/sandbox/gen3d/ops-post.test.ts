import { unzipSync, strFromU8 } from 'fflate';
import { BoxGeometry } from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModel } from './engine/mesh/io';
import { bounds, size, type Soup } from './engine/mesh/soup';
import { dataUri, glbUri, SandboxKit, type Rec } from './test-kit';

let kit: SandboxKit;
let preview: Rec;
beforeAll(async () => {
  kit = new SandboxKit();
  preview = await kit.run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a knight', pose_mode: 't-pose' });
});
afterAll(async () => {
  await kit.close();
});

const boxSoup = (): Soup => {
  const g = new BoxGeometry(1, 2, 1, 2, 2, 2);
  return { positions: Float32Array.from(g.getAttribute('position').array), indices: Uint32Array.from(g.getIndex()!.array), uvs: null, colors: null };
};

/** Triangles of a UV layout that overlap another's, on a raster (0 means a clean atlas). */
function overlappingPixels(soup: Soup, res = 512): number {
  const owner = new Int32Array(res * res).fill(-1);
  let overlap = 0;
  const uv = soup.uvs!;
  for (let t = 0; t < soup.indices.length / 3; t++) {
    const p = [0, 1, 2].map((k) => [uv[soup.indices[t * 3 + k]! * 2]! * res, uv[soup.indices[t * 3 + k]! * 2 + 1]! * res] as const);
    const [a, b, c] = p as [readonly [number, number], readonly [number, number], readonly [number, number]];
    const area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    if (Math.abs(area) < 1e-9) continue;
    for (let y = Math.floor(Math.min(a[1], b[1], c[1])); y <= Math.ceil(Math.max(a[1], b[1], c[1])); y++)
      for (let x = Math.floor(Math.min(a[0], b[0], c[0])); x <= Math.ceil(Math.max(a[0], b[0], c[0])); x++) {
        const px = x + 0.5, py = y + 0.5;
        const w0 = ((b[0] - px) * (c[1] - py) - (b[1] - py) * (c[0] - px)) / area;
        const w1 = ((c[0] - px) * (a[1] - py) - (c[1] - py) * (a[0] - px)) / area;
        if (w0 < 0.01 || w1 < 0.01 || 1 - w0 - w1 < 0.01 || x < 0 || y < 0 || x >= res || y >= res) continue;
        const i = y * res + x;
        if (owner[i] !== -1 && owner[i] !== t) overlap++;
        owner[i] = t;
      }
  }
  return overlap;
}

describe('remesh', () => {
  it('reaches target_polycount in triangles, and quad-dominant with quads in the OBJ', async () => {
    const tri = await kit.run('/openapi/v1/remesh', { input_task_id: preview.id, topology: 'triangle', target_polycount: 2000, target_formats: ['glb', 'stl'], resize_height: 0, convert_format_only: false });
    expect(tri.status).toBe('SUCCEEDED');
    expect(tri.consumed_credits).toBe(5);
    expect(tri.face_count).toBe(2000);
    expect((await kit.model(tri.model_urls!.glb!)).indices.length / 3).toBe(2000);
    expect(Object.keys(tri.model_urls!).sort()).toEqual(['glb', 'stl']);
    const quad = await kit.run('/openapi/v1/remesh', { input_task_id: preview.id, topology: 'quad', target_polycount: 1500, target_formats: ['obj', 'fbx'] });
    const obj = strFromU8(await kit.bytes(quad.model_urls!.obj!));
    const faces = obj.split('\n').filter((l) => l.startsWith('f '));
    const quads = faces.filter((l) => l.split(' ').length === 5);
    expect(Math.abs(faces.length - 1500)).toBeLessThanOrEqual(15);
    expect(quads.length / faces.length).toBeGreaterThan(0.7);
    expect(quad.model_urls!.fbx).toBe(''); // asked, not written: empty, as the document allows
  });
});

describe('convert', () => {
  it('writes glb, obj, stl, 3mf and usdz; fbx and blend stay empty', async () => {
    const r = await kit.run('/openapi/v1/convert', { input_task_id: preview.id, target_formats: ['glb', 'obj', 'stl', '3mf', 'usdz', 'fbx', 'blend'] });
    expect(r.consumed_credits).toBe(1);
    const u = r.model_urls!;
    expect(u.fbx).toBe('');
    expect(u.blend).toBe('');
    expect(new TextDecoder().decode((await kit.bytes(u.glb!)).subarray(0, 4))).toBe('glTF');
    expect((await kit.model(u.stl!)).indices.length).toBeGreaterThan(0);
    expect((await kit.model(u.obj!)).indices.length).toBeGreaterThan(0);
    expect(Object.keys(unzipSync(await kit.bytes(u['3mf']!))).sort()).toEqual(['3D/3dmodel.model', '[Content_Types].xml', '_rels/.rels']);
    expect(Object.keys(unzipSync(await kit.bytes(u.usdz!))).some((f) => f.endsWith('.usda'))).toBe(true);
  });
});

describe('resize', () => {
  it('scales to metres with the origin at the bottom or the centre', async () => {
    const tall = await kit.run('/openapi/v1/resize', { input_task_id: preview.id, resize_height: 2.5, origin_at: 'bottom' });
    const t = await kit.model(tall.model_urls!.glb!);
    const tb = bounds(t.positions);
    expect(size(tb)[1]).toBeCloseTo(2.5, 3);
    expect(tb.min[1]).toBeCloseTo(0, 4);
    const long = await kit.run('/openapi/v1/resize', { model_url: await glbUri(boxSoup()), resize_longest_side: 0.5, origin_at: 'center' });
    const lb = bounds((await kit.model(long.model_urls!.glb!)).positions);
    expect(Math.max(...size(lb))).toBeCloseTo(0.5, 4);
    expect((lb.min[1] + lb.max[1]) / 2).toBeCloseTo(0, 4);
    const auto = await kit.run('/openapi/v1/resize', { input_task_id: preview.id, auto_size: true });
    expect(size(bounds((await kit.model(auto.model_urls!.glb!)).positions))[1]).toBeCloseTo(1.7, 3); // a person
    expect((await kit.create('/openapi/v1/resize', { input_task_id: preview.id, resize_height: 1, auto_size: true })).status).toBe(400);
  });
});

describe('UV unwrap', () => {
  it('lays out non-overlapping UVs in 0..1', async () => {
    const remeshed = await kit.run('/openapi/v1/remesh', { input_task_id: preview.id, target_polycount: 3000 });
    const r = await kit.run('/openapi/v1/uv-unwrap', { input_task_id: remeshed.id });
    expect(r.status).toBe('SUCCEEDED');
    const soup = await readModel(await kit.bytes(r.model_urls!.glb!));
    expect(soup.uvs).not.toBeNull();
    expect(Math.min(...soup.uvs!)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...soup.uvs!)).toBeLessThanOrEqual(1);
    expect(overlappingPixels(soup)).toBe(0);
  });

  it('refuses more than 40,000 faces (declared) and anything but GLB with 400', async () => {
    const declared = await kit.run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a vase', ai_model: 'model-5' });
    await kit.control(`/gen3d/tasks/${declared.id}/face-count`, { face_count: 40_001 });
    const big = await kit.create('/openapi/v1/uv-unwrap', { input_task_id: declared.id });
    expect(big.status).toBe(400);
    expect(big.message).toMatch(/at most 40,000 faces/);
    const stl = await kit.create('/openapi/v1/uv-unwrap', { model_url: dataUri(await kit.bytes(preview.model_urls!.stl!), 'model/stl') });
    expect(stl).toMatchObject({ status: 400, message: 'UV unwrap takes a GLB model only.' });
  });
});
