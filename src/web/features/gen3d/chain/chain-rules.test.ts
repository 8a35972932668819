import { describe, expect, it } from 'vitest';
import { chainOffers, refusalFor, signedModelUrl, type ChainSource } from './chain-rules';
import { glbFaceCount, makeGlb } from './glb-faces';

const src = (over: Partial<ChainSource> = {}): ChainSource => ({ id: 'task-1234abcd', status: 'SUCCEEDED', type: 'text-to-3d-preview', product: null, formats: ['glb', 'obj'], faces: 10_000, aiModel: 'model-6', ...over });
const offered = (s: ChainSource) => chainOffers(s).map((o) => `${o.type}${o.product ? `:${o.product}` : ''}${o.refusal ? ' (refused)' : ''}`);

describe('chain rules', () => {
  it('offers a succeeded model every model operation, by task id', () => {
    const offers = chainOffers(src());
    expect(offers.map((o) => o.type)).toEqual(['retexture', 'remesh', 'convert', 'resize', 'uv-unwrap', 'rig', 'print-analyze', 'print-repair', 'print-multi-color']);
    expect(offers.every((o) => o.via === 'input_task_id' && o.refusal === null)).toBe(true);
  });

  it('offers nothing from a task that did not succeed', () => {
    expect(chainOffers(src({ status: 'IN_PROGRESS' }))).toEqual([]);
    expect(refusalFor('remesh', src({ status: 'FAILED' }), 'input_task_id')).toMatch(/is FAILED: only a SUCCEEDED task/);
  });

  it('refuses UV unwrap above 40,000 faces or without a GLB, and rigging above 300,000', () => {
    expect(refusalFor('uv-unwrap', src({ faces: 40_000 }), 'input_task_id')).toBeNull();
    expect(refusalFor('uv-unwrap', src({ faces: 40_001 }), 'input_task_id')).toBe('UV unwrap takes at most 40,000 faces; this model has 40,001. Remesh it to fewer faces first.');
    expect(refusalFor('uv-unwrap', src({ formats: ['stl'] }), 'input_task_id')).toBe('UV unwrap takes a GLB model; this one is STL.');
    expect(refusalFor('rig', src({ faces: 300_000 }), 'input_task_id')).toBeNull();
    expect(refusalFor('rig', src({ faces: 300_001 }), 'input_task_id')).toMatch(/at most 300,000 faces; this model has 300,001/);
    expect(offered(src({ faces: 50_000 }))).toContain('uv-unwrap (refused)');
    const unknown = chainOffers(src({ faces: null })).find((o) => o.type === 'uv-unwrap');
    expect(unknown).toMatchObject({ refusal: null, note: 'Face count not known yet: the service checks it.' });
  });

  it('builds only from a succeeded prototype of the same product', () => {
    const proto = src({ type: 'creative-lab-prototype', product: 'lamp', formats: [] });
    expect(refusalFor('creative-lab-build', proto, 'input_task_id', 'lamp')).toBeNull();
    expect(refusalFor('creative-lab-build', proto, 'input_task_id', 'figure')).toBe('A figure build takes a figure prototype; this task is a lamp prototype.');
    expect(refusalFor('creative-lab-build', src(), 'input_task_id', 'figure')).toMatch(/succeeded prototype of the same product; this task is a text-to-3d-preview/);
    expect(refusalFor('creative-lab-build', { ...proto, status: 'PENDING' }, 'input_task_id', 'lamp')).toMatch(/is PENDING/);
    expect(offered(proto)).toEqual(['image-to-3d', 'multi-image-to-3d', 'creative-lab-build:figure (refused)', 'creative-lab-build:lamp', 'creative-lab-build:keychain (refused)', 'creative-lab-build:fridge-magnet (refused)']);
  });

  it('sends an older model to analysis and repair as model_url, a preview by id', () => {
    const older = src({ type: 'image-to-3d', aiModel: 'meshy-5' });
    expect(refusalFor('print-analyze', older, 'input_task_id')).toMatch(/only model-6 or preview tasks; this is a meshy-5 task. Send its model as model_url/);
    expect(refusalFor('print-analyze', older, 'model_url')).toBeNull();
    const offers = chainOffers(older);
    expect(offers.find((o) => o.type === 'print-repair')).toMatchObject({ via: 'model_url', refusal: null });
    expect(offers.find((o) => o.type === 'remesh')).toMatchObject({ via: 'input_task_id' });
    expect(chainOffers(src({ aiModel: 'model-5' })).find((o) => o.type === 'print-analyze')?.via).toBe('input_task_id');
  });

  it('sends a build to multi-color print only as model_url', () => {
    const build = src({ type: 'creative-lab-build', product: 'figure' });
    expect(refusalFor('print-multi-color', build, 'input_task_id')).toMatch(/only as model_url/);
    expect(chainOffers(build).find((o) => o.type === 'print-multi-color')).toMatchObject({ via: 'model_url', refusal: null });
  });

  it('animates rigging tasks and turns pictures into models', () => {
    expect(offered(src({ type: 'rig', formats: [] }))).toEqual(['animate']);
    expect(chainOffers(src({ type: 'rig', formats: [] }))[0]?.via).toBe('rig_task_id');
    expect(refusalFor('animate', src(), 'rig_task_id')).toMatch(/takes a rigging task/);
    expect(offered(src({ type: 'text-to-image', formats: [] }))).toEqual(['image-to-3d', 'multi-image-to-3d']);
    expect(refusalFor('image-to-3d', src(), 'input_task_id')).toMatch(/text-to-image or image-to-image task/);
    expect(chainOffers(src({ type: 'print-analyze', formats: [] }))).toEqual([]);
  });
});

describe('GLB face count', () => {
  it('reads indexed, unindexed and strip primitives from the JSON chunk alone', () => {
    const glb = makeGlb({
      asset: { version: '2.0' },
      accessors: [{ count: 30 }, { count: 9 }, { count: 12 }, { count: 150_000 }],
      meshes: [{ primitives: [{ indices: 0, attributes: { POSITION: 1 } }, { attributes: { POSITION: 1 } }] }, { primitives: [{ mode: 5, attributes: { POSITION: 2 } }, { mode: 1, attributes: { POSITION: 2 } }] }],
    });
    expect(glbFaceCount(glb)).toBe(10 + 3 + 10);
    expect(glbFaceCount(makeGlb({ accessors: [{ count: 150_003 }], meshes: [{ primitives: [{ indices: 0 }] }] }))).toBe(50_001);
  });

  it('answers null for what is not a whole GLB JSON chunk', () => {
    expect(glbFaceCount(new TextEncoder().encode('solid stl'))).toBeNull();
    expect(glbFaceCount(makeGlb({ meshes: [] }).subarray(0, 22))).toBeNull();
  });
});

describe('model_url of a task', () => {
  const task = (glb: string, expires: number | null) => ({ serviceModel: expires === null ? null : { url: glb, format: 'glb', expiresAt: expires } });
  it('sends the service URL while it stays valid, else nothing (the archived file goes as data)', () => {
    const now = 1_000_000_000;
    expect(signedModelUrl(task('https://assets.meshy.ai/t/m.glb?Expires=1', now + 3_600_000), now)).toBe('https://assets.meshy.ai/t/m.glb?Expires=1');
    expect(signedModelUrl(task('https://assets.meshy.ai/t/m.glb', now + 60_000), now)).toBeNull();
    expect(signedModelUrl(task('https://assets.meshy.ai/t/m.glb', null), now)).toBeNull();
  });
});
