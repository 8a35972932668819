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

/** The same task as the live service sends it (field notes): live names, padding, object textures. */
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
