import { strFromU8, unzipSync } from 'fflate';
import Module from 'manifold-3d';
import { BoxGeometry } from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStl } from './engine/mesh/formats';
import { weld, type Soup } from './engine/mesh/soup';
import { dataUri, glbUri, SandboxKit } from './test-kit';

let kit: SandboxKit;
beforeAll(() => {
  kit = new SandboxKit();
});
afterAll(async () => {
  await kit.close();
});

/** A closed box, and the same box with two of its faces' triangles removed (two holes). */
const box = (): Soup => {
  const g = new BoxGeometry(0.04, 0.06, 0.05);
  return weld({ positions: Float32Array.from(g.getAttribute('position').array), indices: Uint32Array.from(g.getIndex()!.array), uvs: null, colors: null }).soup;
};
const holed = (): Soup => {
  const b = box();
  // drop the +x face (triangles 0,1) and the -y face (triangles 6,7)
  const keep = Array.from({ length: 12 }, (_, t) => t).filter((t) => ![0, 1, 6, 7].includes(t));
  return { ...b, indices: Uint32Array.from(keep.flatMap((t) => [b.indices[t * 3]!, b.indices[t * 3 + 1]!, b.indices[t * 3 + 2]!])) };
};

async function watertight(soup: Soup): Promise<boolean> {
  const w = await Module();
  w.setup();
  const welded = weld(soup, 1e-7).soup;
  try {
    const m = new w.Manifold(new w.Mesh({ numProp: 3, vertProperties: welded.positions, triVerts: welded.indices }));
    const ok = m.status() === 'NoError' && m.volume() > 0;
    m.delete();
    return ok;
  } catch {
    return false;
  }
}

describe('print analysis', () => {
  it('measures a closed mesh as healthy and a mesh with holes as not watertight, for free', async () => {
    const before = await kit.balance();
    const closed = await kit.run('/openapi/v1/print/analyze', { model_url: await glbUri(box()) });
    expect(closed.consumed_credits).toBe(0);
    expect(closed.printability).toMatchObject({ status: 'healthy', issue_count: 0, metrics: { is_watertight: true, non_manifold_edges: 0, degenerate_faces: 0, holes: 0 } });
    expect(closed.printability!.metrics.volume as number).toBeCloseTo(0.04 * 0.06 * 0.05, 8);
    const open = await kit.run('/openapi/v1/print/analyze', { model_url: await glbUri(holed()) });
    expect(open.printability!.metrics).toMatchObject({ is_watertight: false, holes: 1 });
    expect(['warning', 'error']).toContain(open.printability!.status);
    expect(open.printability!.issue_count).toBeGreaterThan(0);
    expect(await kit.balance()).toBe(before);
  });

  it("takes model-6 and preview tasks by id, and asks for model_url for an older model's task", async () => {
    const preview = await kit.run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a mug', ai_model: 'model-5' });
    expect((await kit.run('/openapi/v1/print/analyze', { input_task_id: preview.id })).status).toBe('SUCCEEDED');
    const refine = await kit.run('/openapi/v2/text-to-3d', { mode: 'refine', preview_task_id: preview.id, ai_model: 'model-5' });
    const older = await kit.create('/openapi/v1/print/analyze', { input_task_id: refine.id });
    expect(older.status).toBe(400);
    expect(older.message).toMatch(/send the model as model_url/);
  });
});

describe('print repair', () => {
  it('returns a watertight mesh without textures, in the input format', async () => {
    expect(await watertight(holed())).toBe(false);
    const r = await kit.run('/openapi/v1/print/repair', { model_url: dataUri(writeStl(holed()), 'model/stl') });
    expect(r.status).toBe('SUCCEEDED');
    expect(r.consumed_credits).toBe(10);
    expect(Object.keys(r.model_urls!)).toContain('stl');
    const repaired = await kit.model(r.model_urls!.stl!);
    expect(repaired.uvs).toBeNull();
    expect(await watertight(repaired)).toBe(true);
    const again = await kit.run('/openapi/v1/print/analyze', { model_url: dataUri(await kit.bytes(r.model_urls!.glb!), 'model/gltf-binary') });
    expect(again.printability).toMatchObject({ status: 'healthy', metrics: { is_watertight: true, holes: 0 } });
  });
});

describe('multi-color print', () => {
  it('writes a valid 3MF with at most max_colors materials', async () => {
    const knight = await kit.run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a knight with a golden shield' });
    const r = await kit.run('/openapi/v1/print/multi-color', { input_task_id: knight.id, max_colors: 3, max_depth: 5 });
    expect(r.status).toBe('SUCCEEDED');
    expect(r.consumed_credits).toBe(10);
    expect(r.type).toBe('print-multi-color');
    const files = unzipSync(await kit.bytes(r.model_urls!['3mf']!));
    expect(Object.keys(files).sort()).toEqual(['3D/3dmodel.model', '[Content_Types].xml', '_rels/.rels']);
    const xml = strFromU8(files['3D/3dmodel.model']!);
    const colours = xml.match(/<base /g) ?? [];
    expect(colours.length).toBeGreaterThan(1);
    expect(colours.length).toBeLessThanOrEqual(3);
    expect(xml.match(/<triangle /g)!.length).toBe(r.face_count);
    expect((await kit.create('/openapi/v1/print/multi-color', { input_task_id: knight.id, max_colors: 17 })).status).toBe(400);
  });
});
