import { describe, expect, it } from 'vitest';
import { gen3dOps } from './routes';
import { gen3dTaskTypes, mapOutputFiles, outputFieldsOf, outputFiles, taskTypeOf } from './outputs';

const A = 'https://assets.meshy.ai/acc/tasks/t/output';
const keysOf = (type: string, path: string, record: unknown) => outputFiles(record, outputFieldsOf(type, path)).map((f) => f.key);

describe('output files per task type', () => {
  it('knows the type every create path of the route table makes', () => {
    const creates = Object.values(gen3dOps).filter((op) => op.kind === 'create');
    expect(creates.length).toBeGreaterThan(20);
    for (const op of creates) expect(taskTypeOf(op.path, { mode: 'preview' }), op.path).not.toBeNull();
    expect(taskTypeOf('/openapi/v2/text-to-3d', { mode: 'refine' })).toBe('text-to-3d-refine');
    expect(new Set(creates.map((op) => taskTypeOf(op.path, { mode: 'refine' })))).toEqual(new Set(gen3dTaskTypes.filter((t) => t !== 'text-to-3d-preview')));
  });

  it('takes model files, the thumbnail and texture maps in both shapes, never the echoed prompt', () => {
    const preview = {
      type: 'text-to-3d-preview',
      prompt: 'http://127.0.0.1:8787/api/connections',
      model_urls: { glb: `${A}/m.glb`, fbx: '' },
      thumbnail_url: `${A}/t.png`,
    };
    expect(keysOf('text-to-3d-preview', '/openapi/v2/text-to-3d', preview)).toEqual(['model_urls.glb', 'thumbnail_url']);
    const refine = { model_urls: { glb: `${A}/m.glb` }, texture_urls: [{ base_color: `${A}/b.png`, normal: `${A}/n.png` }] };
    expect(keysOf('text-to-3d-refine', '/openapi/v2/text-to-3d', refine)).toEqual(['model_urls.glb', 'texture_urls.0.base_color', 'texture_urls.0.normal']);
    const image = { image_url: 'https://example.com/input.png', model_urls: { glb: `${A}/m.glb` }, texture_urls: { base_color: `${A}/b.png` } };
    expect(keysOf('image-to-3d', '/openapi/v1/image-to-3d', image)).toEqual(['model_urls.glb', 'texture_urls.base_color']);
    const multi = { image_urls: ['https://example.com/a.png'], model_urls: { glb: `${A}/m.glb` } };
    expect(keysOf('multi-image-to-3d', '/openapi/v1/multi-image-to-3d', multi)).toEqual(['model_urls.glb']);
  });

  it('takes rigging and animation results, with the live extras', () => {
    const rig = {
      model_url: 'https://example.com/in.glb',
      result: {
        rigged_character_glb_url: `${A}/r.glb`,
        rigged_character_fbx_url: `${A}/r.fbx`,
        basic_animations: {
          walking_glb_url: `${A}/w.glb`,
          walking_fbx_url: `${A}/w.fbx`,
          walking_armature_glb_url: `${A}/wa.glb`,
          running_glb_url: `${A}/run.glb`,
          note: 'x',
        },
      },
    };
    expect(keysOf('rig', '/openapi/v1/rigging', rig)).toEqual([
      'result.rigged_character_glb_url',
      'result.rigged_character_fbx_url',
      'result.basic_animations.walking_glb_url',
      'result.basic_animations.walking_fbx_url',
      'result.basic_animations.walking_armature_glb_url',
      'result.basic_animations.running_glb_url',
    ]);
    const animate = {
      result: { animation_glb_url: `${A}/a.glb`, animation_fbx_url: `${A}/a.fbx`, processed_usdz_url: `${A}/a.usdz`, processed_armature_fbx_url: `${A}/p.fbx` },
    };
    expect(keysOf('animate', '/openapi/v1/animations', animate)).toEqual([
      'result.animation_glb_url',
      'result.animation_fbx_url',
      'result.processed_usdz_url',
      'result.processed_armature_fbx_url',
    ]);
  });

  it('takes images where the type outputs images, and not the references of image-to-image', () => {
    const t2i = { prompt: 'a cat', image_url: `${A}/0.png`, image_urls: [`${A}/0.png`, `${A}/1.png`], thumbnail_url: `${A}/0.png` };
    // The thumbnail too: the queue shows it, and the browser loads only the console's own copy (its CSP blocks the service's host).
    expect(keysOf('text-to-image', '/openapi/v1/text-to-image', t2i)).toEqual(['image_url', 'image_urls.0', 'image_urls.1', 'thumbnail_url']);
    const i2i = { reference_image_urls: ['https://example.com/ref.png'], image_urls: [`${A}/0.png`] };
    expect(keysOf('image-to-image', '/openapi/v1/image-to-image', i2i)).toEqual(['image_urls.0']);
    expect(keysOf('print-analyze', '/openapi/v1/print/analyze', { model_url: `${A}/in.glb`, printability: { status: 'healthy' } })).toEqual([]);
    expect(keysOf('print-multi-color', '/openapi/v1/print/multi-color', { model_urls: { '3mf': `${A}/m.3mf` } })).toEqual(['model_urls.3mf']);
  });

  it('uses the create path when the record names a type the table does not know', () => {
    expect(
      keysOf('figure-prototype', '/openapi/creative-lab/figure/v1/prototype', { image_url: 'https://example.com/in.png', model_urls: { glb: `${A}/m.glb` } }),
    ).toEqual(['model_urls.glb']);
    // A prototype's pictures are its output (its page shows them): not its input picture.
    const prototype = { image_url: 'https://example.com/in.png', image_urls: [`${A}/prototype.png`], thumbnail_url: `${A}/t.png` };
    expect(keysOf('creative-lab-prototype', '/openapi/creative-lab/figure/v1/prototype', prototype)).toEqual(['thumbnail_url', 'image_urls.0']);
  });

  it('rewrites only the output fields', () => {
    const record = { prompt: 'https://x.example/a', model_urls: { glb: `${A}/m.glb` }, thumbnail_url: `${A}/t.png` };
    const out = mapOutputFiles(record, outputFieldsOf('text-to-3d-preview', '/openapi/v2/text-to-3d'), (key) => `/files/${key}`);
    expect(out).toEqual({ prompt: 'https://x.example/a', model_urls: { glb: '/files/model_urls.glb' }, thumbnail_url: '/files/thumbnail_url' });
  });
});
