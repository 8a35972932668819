import { WebIO } from '@gltf-transform/core';
import validator from 'gltf-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jointNames } from './engine/rig/skeleton';
import { SandboxKit, type Rec } from './test-kit';

let kit: SandboxKit;
let knight: Rec;
beforeAll(async () => {
  kit = new SandboxKit();
  knight = await kit.run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a knight', pose_mode: 't-pose' });
});
afterAll(async () => {
  await kit.close();
});

const read = async (url: string) => new WebIO().readBinary(await kit.bytes(url));

describe('rigging', () => {
  it('makes a skinned humanoid with a real skeleton and walking and running clips', async () => {
    const rig = await kit.run('/openapi/v1/rigging', { input_task_id: knight.id, height_meters: 1.8 });
    expect(rig.status).toBe('SUCCEEDED');
    expect(rig.consumed_credits).toBe(5);
    const result = rig.result as { rigged_character_glb_url: string; basic_animations: Record<string, string> };
    expect(Object.keys(result.basic_animations).sort()).toEqual(['running_armature_glb_url', 'running_glb_url', 'walking_armature_glb_url', 'walking_glb_url']);
    expect(result).not.toHaveProperty('rigged_character_fbx_url'); // FBX is not written: absent
    const doc = await read(result.rigged_character_glb_url);
    const skin = doc.getRoot().listSkins()[0]!;
    expect(skin.listJoints().map((j) => j.getName())).toEqual([...jointNames]);
    const prim = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    expect(prim.getAttribute('JOINTS_0')).toBeTruthy();
    const weights = prim.getAttribute('WEIGHTS_0')!;
    const w = [0, 0, 0, 0];
    weights.getElement(0, w);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    const walking = await read(result.basic_animations.walking_glb_url!);
    expect(walking.getRoot().listAnimations().map((a) => a.getName())).toEqual(['Walking']);
    expect((await read(result.basic_animations.running_glb_url!)).getRoot().listAnimations()[0]!.getName()).toBe('Running');
    const report = await validator.validateBytes(await kit.bytes(result.basic_animations.walking_glb_url!), { maxIssues: 20 });
    expect(report.issues.numErrors).toBe(0);
    // height in metres: the top joint sits near the top of a 1.8 m character
    const head = skin.listJoints().find((j) => j.getName() === 'Head')!.getWorldTranslation();
    expect(head[1]).toBeGreaterThan(1.5);
    expect(head[1]).toBeLessThan(1.8);
  });

  it('refuses a non-humanoid with 422 and a model over 300,000 faces (declared) with 400', async () => {
    const chair = await kit.run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a red chair', ai_model: 'model-5' });
    const refused = await kit.create('/openapi/v1/rigging', { input_task_id: chair.id });
    expect(refused.status).toBe(422);
    expect(refused.message).toMatch(/not a humanoid/);
    await kit.control(`/gen3d/tasks/${knight.id}/face-count`, { face_count: 300_001 });
    const big = await kit.create('/openapi/v1/rigging', { input_task_id: knight.id });
    expect(big.status).toBe(400);
    expect(big.message).toMatch(/at most 300,000 faces/);
    await kit.control(`/gen3d/tasks/${knight.id}/face-count`, { face_count: 12_000 });
  });
});

describe('animation', () => {
  it("plays the library's actions on the rig, by id and name", async () => {
    const library = (await kit.json<Array<{ id: number; name: string; category: string; previewUrl: string; rigType: string; isDefault: boolean; isFree: boolean; key: string; subCategory: string }>>('/openapi/v1/animations/library')).body;
    expect(library.map((a) => [a.id, a.name])).toEqual(expect.arrayContaining([[0, 'Idle'], [1, 'Walking_Woman'], [4, 'Attack'], [16, 'RunFast'], [22, 'FunnyDancing_01'], [28, 'Big_Wave_Hello'], [41, 'Formal_Bow'], [59, 'Victory_Cheer']]));
    expect(new Set(library.map((a) => a.category))).toEqual(new Set(['DailyActions', 'WalkAndRun', 'BodyMovements', 'Fighting', 'Dancing']));
    const wave = library.find((a) => a.id === 28)!;
    const preview = await read(wave.previewUrl);
    expect(preview.getRoot().listAnimations()[0]!.getName()).toBe('Big_Wave_Hello');

    const rig = await kit.run('/openapi/v1/rigging', { input_task_id: knight.id });
    const anim = await kit.run('/openapi/v1/animations', { rig_task_id: rig.id, action_id: 41 });
    expect(anim.status).toBe('SUCCEEDED');
    expect(anim.consumed_credits).toBe(3);
    const doc = await read((anim.result as { animation_glb_url: string }).animation_glb_url);
    const clip = doc.getRoot().listAnimations()[0]!;
    expect(clip.getName()).toBe('Formal_Bow');
    expect(clip.listChannels().length).toBeGreaterThan(10);

    expect((await kit.create('/openapi/v1/animations', { rig_task_id: rig.id, action_id: 9999 })).status).toBe(400);
    expect((await kit.create('/openapi/v1/animations', { rig_task_id: knight.id, action_id: 0 })).status).toBe(400);
    expect((await kit.create('/openapi/v1/animations', { rig_task_id: 'no-such-rig', action_id: 0 })).status).toBe(404);
    const post = await kit.create('/openapi/v1/animations', { rig_task_id: rig.id, action_id: 0, post_process: { operation_type: 'change_fps', fps: 30 } });
    expect(post.status).toBe(404);
    expect(post.message).toMatch(/animation post-processing/);
  });

  it("answers the CLI's public catalog without a key", async () => {
    const r = await kit.json<{ result: { total: number; list: Array<{ id: number; category: string }> } }>('/web/public/animations/resources?category=Fighting', { key: null });
    expect(r.status).toBe(200);
    expect(r.body.result.list.map((a) => a.id).sort((a, b) => a - b)).toEqual([4, 8]);
    expect(r.body.result.total).toBe(2);
  });
});

describe('face counts a model_url declares', () => {
  /** A small GLB whose JSON declares more faces than it holds (the sandbox checks the declaration before reading buffers). */
  async function declaring(faces: number): Promise<string> {
    const { writeGlb } = await import('./engine/mesh/io');
    const glb = await writeGlb({ positions: Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0]), indices: Uint32Array.from([0, 1, 2]), uvs: null, colors: null });
    const view = new DataView(glb.buffer, glb.byteOffset);
    const jsonLength = view.getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as { accessors: Array<{ count: number }>; meshes: Array<{ primitives: Array<{ indices: number }> }> };
    json.accessors[json.meshes[0]!.primitives[0]!.indices]!.count = faces * 3;
    let text = JSON.stringify(json);
    while (text.length % 4) text += ' ';
    const bin = glb.subarray(20 + jsonLength);
    const out = new Uint8Array(20 + text.length + bin.length);
    const v = new DataView(out.buffer);
    out.set(glb.subarray(0, 12));
    v.setUint32(8, out.length, true);
    v.setUint32(12, text.length, true);
    v.setUint32(16, 0x4e4f534a, true);
    out.set(new TextEncoder().encode(text), 20);
    out.set(bin, 20 + text.length);
    return `data:model/gltf-binary;base64,${Buffer.from(out).toString('base64')}`;
  }

  it('refuses UV unwrap above 40,000 and rigging above 300,000 declared faces; a non-humanoid model_url is 422', async () => {
    const uv = await kit.create('/openapi/v1/uv-unwrap', { model_url: await declaring(40_001) });
    expect(uv).toMatchObject({ status: 400 });
    expect(uv.message).toMatch(/at most 40,000 faces; this model has 40,001/);
    const rig = await kit.create('/openapi/v1/rigging', { model_url: await declaring(300_001) });
    expect(rig.status).toBe(400);
    expect(rig.message).toMatch(/at most 300,000 faces/);
    const chair = await kit.run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a table', ai_model: 'model-5' });
    const glb = `data:model/gltf-binary;base64,${Buffer.from(await kit.bytes(chair.model_urls!.glb!)).toString('base64')}`;
    expect((await kit.create('/openapi/v1/rigging', { model_url: glb })).status).toBe(422);
  });
});
