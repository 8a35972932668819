// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LedgerTask } from '../../../../contracts/bff';
import { downloadFiles, hasDownloads, hasTextures } from './downloads';

const task = (over: Record<string, unknown>) =>
  LedgerTask.parse({
    id: 't-1',
    service: 'gen3d',
    createPath: '/openapi/v1/rigging',
    mode: 'sandbox',
    parentId: null,
    request: {},
    createdAt: 1_000,
    updatedAt: 5_000,
    archived: true,
    task: { id: 't-1', status: 'SUCCEEDED', progress: 100, ...over },
    watch: { active: false, lastError: null, nextCheckAt: null },
  });
const f = (key: string) => `/api/files/gen3d/t-1/${key}`;

describe('the downloads of a succeeded task', () => {
  it("offers a rig's character and its clips, not “No files yet” (its record has no model_urls)", () => {
    const rig = task({
      type: 'rig',
      result: {
        rigged_character_glb_url: f('result.rigged_character_glb_url'),
        basic_animations: { walking_glb_url: f('result.basic_animations.walking_glb_url'), walking_armature_glb_url: f('w-arm'), running_glb_url: f('result.basic_animations.running_glb_url') },
      },
    });
    expect(hasDownloads(rig)).toBe(true);
    expect(downloadFiles(rig)).toEqual([
      { label: 'rigged GLB', url: f('result.rigged_character_glb_url') },
      { label: 'walking GLB', url: f('result.basic_animations.walking_glb_url') },
      { label: 'running GLB', url: f('result.basic_animations.running_glb_url') },
    ]);
  });

  it("offers an animation's GLB", () => {
    expect(downloadFiles(task({ type: 'animate', result: { animation_glb_url: f('result.animation_glb_url') } }))).toEqual([{ label: 'animation GLB', url: f('result.animation_glb_url') }]);
  });

  it("orders a model's formats with the GLB first", () => {
    expect(downloadFiles(task({ type: 'remesh', model_urls: { obj: f('obj'), glb: f('glb') } })).map((d) => d.label)).toEqual(['GLB', 'OBJ']);
  });

  it('offers a motion clip as a BVH, with no Textures panel (it is not a model)', () => {
    const motion = task({ type: 'text-to-motion', result: { motion_url: f('result.motion_url'), motion_format: 'bvh' } });
    expect(downloadFiles(motion)).toEqual([{ label: 'motion BVH', url: f('result.motion_url') }]);
    expect(hasTextures(motion)).toBe(false);
    expect(hasTextures(task({ type: 'remesh', model_urls: { glb: f('glb') } }))).toBe(true);
  });

  it('has no Downloads panel for images (their gallery downloads them) nor a print analysis (it makes no file)', () => {
    expect(hasDownloads(task({ type: 'text-to-image', image_urls: [f('image_urls.0')] }))).toBe(false);
    expect(hasDownloads(task({ type: 'print-analyze' }))).toBe(false);
    expect(hasDownloads(task({ type: 'remesh', model_urls: { glb: f('glb') } }))).toBe(true);
  });
});
