import { describe, expect, it } from 'vitest';
import { Balance, TaskRecord, failureAdvice, nextPollDelayMs } from './records';

/** A SUCCEEDED refine as the document describes it. */
const documentShape = {
  id: 't-1',
  type: 'text-to-3d-refine',
  status: 'SUCCEEDED',
  progress: 100,
  model_urls: { glb: 'https://files.example/m.glb', obj: 'https://files.example/m.obj' },
  thumbnail_url: 'https://files.example/t.png',
  texture_urls: [{ base_color: 'https://files.example/bc.png', normal: 'https://files.example/n.png' }],
  face_count: 12000,
  consumed_credits: 10,
  created_at: 1700000000000,
  started_at: 1700000001000,
  finished_at: 1700000060000,
  expires_at: 1700259260000,
  prompt: 'a chair',
  ai_model: 'model-6',
};

/** The same task as the live service sends it (docs/live-services.md#3d-generation--task-records): live names, padding, object textures. */
const liveShape = {
  ...documentShape,
  ai_model: 'meshy-6',
  model_urls: { ...documentShape.model_urls, fbx: '', usdz: '' },
  texture_urls: { base_color: 'https://files.example/bc.png', normal: 'https://files.example/n.png', metallic: '', roughness: null },
  task_error: { message: '' },
  preceding_tasks: 0,
  name: '',
};

describe('task records', () => {
  it('parse the document shape and the live shape to the same model', () => {
    const fromDoc = TaskRecord.parse(documentShape);
    const fromLive = TaskRecord.parse(liveShape);
    expect({ ...fromLive, name: null }).toEqual(fromDoc);
    expect(fromLive.model_urls).toEqual({ glb: 'https://files.example/m.glb', obj: 'https://files.example/m.obj' });
    expect(fromLive.texture_urls).toEqual([{ base_color: 'https://files.example/bc.png', normal: 'https://files.example/n.png' }]);
    expect(fromLive.task_error).toBeNull();
    expect(fromLive.ai_model).toBe('model-6');
  });

  it('read a running live record padded with empty values as "nothing yet"', () => {
    const running = TaskRecord.parse({
      id: 't-2',
      status: 'IN_PROGRESS',
      progress: 42,
      model_urls: { glb: '' },
      thumbnail_url: '',
      texture_urls: null,
      task_error: null,
      started_at: 1700000001000,
      finished_at: 0,
      expires_at: 0,
      preceding_tasks: 0,
    });
    expect(running.model_urls).toEqual({});
    expect(running.thumbnail_url).toBeNull();
    expect(running.texture_urls).toEqual([]);
    expect(running.finished_at).toBeNull();
    expect(running.expires_at).toBeNull();
    expect(running.face_count).toBeNull();
  });

  it('keep the queue position only while PENDING', () => {
    expect(TaskRecord.parse({ id: 'a', status: 'PENDING', preceding_tasks: 3 }).preceding_tasks).toBe(3);
    expect(TaskRecord.parse({ id: 'a', status: 'IN_PROGRESS', preceding_tasks: 3 }).preceding_tasks).toBeNull();
  });

  it('give a FAILED task a message even when the service sent none', () => {
    expect(TaskRecord.parse({ id: 'a', status: 'FAILED', task_error: { message: '' } }).task_error?.message).toMatch(/failed/);
    expect(TaskRecord.parse({ id: 'a', status: 'FAILED', task_error: { message: 'Internal server error.' } }).task_error).toEqual({
      message: 'Internal server error.',
    });
  });

  it('are stable: a normalized record parses to itself', () => {
    const once = TaskRecord.parse(liveShape);
    expect(TaskRecord.parse(once)).toEqual(once);
  });

  it('read numbers sent as strings', () => {
    const r = TaskRecord.parse({ id: 'a', status: 'SUCCEEDED', progress: '100', consumed_credits: '20', created_at: '1700000000000' });
    expect(r.progress).toBe(100);
    expect(r.consumed_credits).toBe(20);
    expect(r.created_at).toBe(1700000000000);
  });

  it('reject a record without id or status', () => {
    expect(TaskRecord.safeParse({ status: 'PENDING' }).success).toBe(false);
    expect(TaskRecord.safeParse({ id: 'x' }).success).toBe(false);
  });
});

describe('balance', () => {
  it('reads the document shape and numeric strings', () => {
    expect(Balance.parse({ balance: 120 })).toEqual({ balance: 120 });
    expect(Balance.parse({ balance: '120', plan: 'pro' })).toEqual({ balance: 120 });
  });
});

describe('failure advice', () => {
  it('tells the operator what to do for each known message', () => {
    expect(failureAdvice('The server is busy. Please try again later.')).toMatch(/retry/i);
    expect(failureAdvice('The server is busy. Please try again later.')).toMatch(/wait/i);
    expect(failureAdvice('Internal server error.')).toMatch(/simpler/i);
    // A task made without a prompt (a remesh) is not told to edit one.
    expect(failureAdvice('Internal server error.', false)).not.toMatch(/prompt/i);
    expect(failureAdvice('Something else.', false)).not.toMatch(/prompt/i);
  });
});

describe('polling schedule', () => {
  it('starts at 5 s, grows by 1.5 up to 30 s, and uses 15 s from 95 %', () => {
    const delays: number[] = [];
    let d: number | null = null;
    for (let i = 0; i < 7; i++) {
      d = nextPollDelayMs(d, 10);
      delays.push(d);
    }
    expect(delays).toEqual([5000, 7500, 11250, 16875, 25313, 30000, 30000]);
    expect(nextPollDelayMs(30000, 95)).toBe(15000);
  });
});

describe('per-type outputs', () => {
  it('read rigging results in the document and the live shape (FBX and armature files optional)', async () => {
    const { RigResult, AnimationResult } = await import('./records-output');
    const doc = RigResult.parse({ rigged_character_glb_url: 'https://a/r.glb', basic_animations: { walking_glb_url: 'https://a/w.glb', running_glb_url: 'https://a/r2.glb' } });
    expect(doc).toEqual({ riggedGlb: 'https://a/r.glb', riggedFbx: null, walking: { glb: 'https://a/w.glb', fbx: null, armatureGlb: null }, running: { glb: 'https://a/r2.glb', fbx: null, armatureGlb: null } });
    const live = RigResult.parse({ rigged_character_glb_url: 'https://a/r.glb', rigged_character_fbx_url: 'https://a/r.fbx', basic_animations: { walking_glb_url: 'https://a/w.glb', walking_fbx_url: '', walking_armature_glb_url: 'https://a/wa.glb' } });
    expect(live.riggedFbx).toBe('https://a/r.fbx');
    expect(live.walking).toEqual({ glb: 'https://a/w.glb', fbx: null, armatureGlb: 'https://a/wa.glb' });
    expect(AnimationResult.parse({ animation_glb_url: 'https://a/x.glb', processed_usdz_url: 'https://a/x.usdz' })).toMatchObject({ glb: 'https://a/x.glb', fbx: null, processed: { usdz: 'https://a/x.usdz' } });
    expect(RigResult.parse(null).riggedGlb).toBeNull();
  });

  it('read printability with counts and metrics; an unknown status reads as unknown', async () => {
    const { Printability } = await import('./records-output');
    const p = Printability.parse({ status: 'WARNING', issue_count: 1, error_count: 0, warning_count: 1, metrics: { is_watertight: false, volume: '0.5', non_manifold_edges: 0, degenerate_faces: 0, holes: 2 }, evaluated_at: 1 });
    expect(p).toMatchObject({ status: 'warning', issueCount: 1, metrics: { isWatertight: false, volume: 0.5, holes: 2 } });
    expect(Printability.parse({ status: 'odd' }).status).toBe('unknown');
    expect(Printability.parse({ status: 'healthy' }).metrics.volume).toBeNull();
  });

  it('read the animation library as the live-service notes (docs/live-services.md#3d-generation--animation-library) list it and as the CLI catalog wraps it', async () => {
    const { AnimationLibrary, AnimationCatalog } = await import('./records-output');
    const entry = { id: 28, key: 'big_wave_hello', name: 'Big_Wave_Hello', category: 'BodyMovements', subCategory: 'Gestures', previewUrl: 'https://a/p.glb', rigType: 'humanoid', isDefault: false, isFree: true };
    expect(AnimationLibrary.parse([entry])).toHaveLength(1);
    expect(AnimationLibrary.parse({ result: { total: 1, list: [entry] } })[0]?.name).toBe('Big_Wave_Hello');
    expect(AnimationCatalog.safeParse({ result: { total: 1, list: [entry] } }).success).toBe(true);
  });

  it('tell each type its output: images, rig, animation, print, model', async () => {
    const { taskOutput } = await import('./records-output');
    const images = TaskRecord.parse({ id: 'i', type: 'text-to-image', status: 'SUCCEEDED', image_urls: ['https://a/0.png', 'https://a/1.png'], image_url: 'https://a/0.png' });
    expect(taskOutput(images)).toEqual({ kind: 'images', images: ['https://a/0.png', 'https://a/1.png'] });
    const docImage = TaskRecord.parse({ id: 'i', type: 'text-to-image', status: 'SUCCEEDED', image_url: 'https://a/0.png' });
    expect(docImage.image_urls).toEqual(['https://a/0.png']);
    const analysis = TaskRecord.parse({ id: 'p', type: 'print-analyze', status: 'SUCCEEDED', printability: { status: 'error', metrics: { holes: 3 } } });
    expect(taskOutput(analysis)).toMatchObject({ kind: 'print', printability: { status: 'error', metrics: { holes: 3 } } });
    const remesh = TaskRecord.parse({ id: 'r', type: 'remesh', status: 'SUCCEEDED', model_urls: { glb: 'https://a/m.glb', fbx: '' }, texture_urls: { base_color: 'https://a/t.png' }, vertex_count: 10, face_count: 12 });
    expect(taskOutput(remesh)).toEqual({ kind: 'model', formats: { glb: 'https://a/m.glb' } });
    expect(remesh.texture_urls).toEqual([{ base_color: 'https://a/t.png' }]);
    expect(remesh.vertex_count).toBe(10);
  });
});
