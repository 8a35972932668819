import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerTask } from '../contracts/bff';
import { RigResult, taskOutput } from '../contracts/gen3d';
import { readModel } from '../sandbox/gen3d/engine/mesh/io';
import { bounds, size } from '../sandbox/gen3d/engine/mesh/soup';
import { blueFigure, dataUri } from '../sandbox/gen3d/test-kit';
import { makeKit, type Kit } from './testing/kit';

/** Every 3D operation through the console's BFF (`/api/gen3d/...`) against the sandbox, chained as an operator would. */
let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(async () => {
  await kit.close();
});

async function run(path: string, body: unknown): Promise<LedgerTask> {
  const created = await kit.json<{ result: string; message?: string }>(`/api/gen3d${path}`, { method: 'POST', json: body });
  expect(created.status, `${path}: ${created.text}`).toBe(202);
  return kit.waitFor(created.body.result, (t) => ['SUCCEEDED', 'FAILED'].includes(t.task.status) && (t.task.status !== 'SUCCEEDED' || t.archived), 60_000);
}
const file = async (url: string) => {
  const res = await kit.req(url);
  expect(res.status, url).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};

describe('every 3D operation through the BFF', () => {
  it('picture → model → remesh → UV → resize → convert → retexture → rig → animate, each SUCCEEDED with its files archived', async () => {
    const pictures = await run('/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a knight', generate_multi_view: true, pose_mode: 't-pose' });
    expect(pictures.task.image_urls).toHaveLength(3);
    expect(pictures.task.image_urls[0]).toMatch(/^\/api\/files\/gen3d\//);
    const refs = await run('/openapi/v1/image-to-image', { ai_model: 'nano-banana-2', prompt: 'a knight', reference_image_urls: [dataUri(blueFigure(), 'image/png')] });
    expect(refs.task.status).toBe('SUCCEEDED');
    const model = await run('/openapi/v1/image-to-3d', { image_url: dataUri(blueFigure(), 'image/png'), should_texture: true });
    expect(model.task.texture_urls[0]?.base_color).toMatch(/^\/api\/files\//);
    expect(taskOutput(model.task)).toMatchObject({ kind: 'model' });
    const multi = await run('/openapi/v1/multi-image-to-3d', { input_task_id: pictures.id });
    expect(multi.task.status).toBe('SUCCEEDED');
    const remesh = await run('/openapi/v1/remesh', { input_task_id: model.id, target_polycount: 1200, topology: 'triangle' });
    expect(remesh.task.face_count).toBe(1200);
    const uv = await run('/openapi/v1/uv-unwrap', { input_task_id: remesh.id });
    const unwrapped = await readModel(await file(uv.task.model_urls.glb!));
    expect(Math.max(...unwrapped.uvs!)).toBeLessThanOrEqual(1);
    const resized = await run('/openapi/v1/resize', { input_task_id: model.id, resize_height: 1.75 });
    expect(size(bounds((await readModel(await file(resized.task.model_urls.glb!))).positions))[1]).toBeCloseTo(1.75, 3);
    const converted = await run('/openapi/v1/convert', { input_task_id: model.id, target_formats: ['stl', '3mf', 'usdz'] });
    expect(Object.keys(converted.task.model_urls).sort()).toEqual(['3mf', 'glb', 'stl', 'usdz']);
    const retextured = await run('/openapi/v1/retexture', { input_task_id: model.id, text_style_prompt: 'blue denim' });
    expect(retextured.task.texture_urls).toHaveLength(1);
    const rig = await run('/openapi/v1/rigging', { input_task_id: model.id, height_meters: 1.7 });
    const rigResult = RigResult.parse(rig.task.result);
    expect(rigResult.walking.glb).toMatch(/^\/api\/files\//);
    expect(rigResult.riggedFbx).toBeNull();
    const anim = await run('/openapi/v1/animations', { rig_task_id: rig.id, action_id: 59 });
    expect(taskOutput(anim.task)).toMatchObject({ kind: 'animation', animation: { glb: expect.stringMatching(/^\/api\/files\//) } });
  }, 240_000);

  it('print analyze, repair and multi-color; prototype and build', async () => {
    const preview = await run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a mushroom', ai_model: 'latest' });
    const analysis = await run('/openapi/v1/print/analyze', { input_task_id: preview.id });
    const out = taskOutput(analysis.task);
    expect(out.kind === 'print' && out.printability?.metrics.holes).toBeTypeOf('number');
    const repaired = await run('/openapi/v1/print/repair', { input_task_id: preview.id });
    const check = await run('/openapi/v1/print/analyze', { model_url: dataUri(await file(repaired.task.model_urls.glb!), 'model/gltf-binary') });
    expect(check.task.printability).toMatchObject({ status: 'healthy', metrics: { is_watertight: true } });
    // A task read carries the service's own (signed) model URL and its expiry; the service takes it back as model_url.
    const read = (await kit.json<LedgerTask>(`/api/ledger/gen3d/tasks/${repaired.id}`)).body;
    expect(read.serviceModel).toMatchObject({ format: 'glb', url: expect.stringMatching(/^http:\/\/sandbox\.invalid\/sandbox\/gen3d\/files\//) });
    expect(read.serviceModel!.expiresAt).toBeGreaterThan(Date.now());
    expect(read.task.model_urls.glb).toMatch(/^\/api\/files\//);
    const bySignedUrl = await run('/openapi/v1/print/analyze', { model_url: read.serviceModel!.url });
    expect(bySignedUrl.task.printability).toMatchObject({ status: 'healthy' });
    const colours = await run('/openapi/v1/print/multi-color', { input_task_id: preview.id, max_colors: 2 });
    const xml = strFromU8(unzipSync(await file(colours.task.model_urls['3mf']!))['3D/3dmodel.model']!);
    expect((xml.match(/<base /g) ?? []).length).toBeLessThanOrEqual(2);
    const proto = await run('/openapi/creative-lab/fridge-magnet/v1/prototype', { image_url: dataUri(blueFigure(), 'image/png') });
    const build = await run('/openapi/creative-lab/fridge-magnet/v1/build', { input_task_id: proto.id });
    expect(build.task.model_urls.stl).toMatch(/^\/api\/files\//);
    const refused = await kit.json<{ message: string }>('/api/gen3d/openapi/creative-lab/figure/v1/build', { method: 'POST', json: { input_task_id: proto.id } });
    expect(refused.status).toBe(404);
  }, 240_000);

  it("passes the library and the lists' clamped page size through", async () => {
    const library = await kit.json<Array<{ id: number; previewUrl: string }>>('/api/gen3d/openapi/v1/animations/library');
    expect(library.status).toBe(200);
    expect(library.body.length).toBeGreaterThanOrEqual(12);
    // Each preview reaches the browser through the console's media route, never from the service's host.
    const preview = library.body.find((a) => a.id === 59)?.previewUrl ?? '';
    expect(preview).toMatch(/^\/api\/media\/gen3d\//);
    const file = await kit.req(preview);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('model/gltf-binary');
    // A GLB whose one animation is the action, on the stock rig's named bones.
    const glb = new Uint8Array(await file.arrayBuffer());
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true)))) as { animations: Array<{ name: string }>; nodes: Array<{ name?: string }> };
    expect(json.animations.map((a) => a.name)).toEqual(['Victory_Cheer']);
    expect(json.nodes.map((n) => n.name)).toContain('Hips');
    expect((await kit.req(preview.replace(/\/api\/media\/gen3d\/[^/]+\//, '/api/media/gen3d/AAAAAAAAAAAAAAAAAAAAAA/'))).status).toBe(404);
    expect((await kit.req('/api/gen3d/openapi/v1/rigging?page_size=100&status=SUCCEEDED')).status).toBe(200);
  });
});
