import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gen3dRoutes } from '../../contracts/gen3d';
import { blueFigure, dataUri, KEY, SandboxKit } from './test-kit';

let kit: SandboxKit;
beforeAll(() => {
  kit = new SandboxKit();
});
afterAll(async () => {
  await kit.close();
});

const taskPaths = [...new Set(gen3dRoutes.filter((r) => r.kind === 'task').map((r) => r.path.replace('/:id', '')))];

describe('documented errors of every operation', () => {
  it('answers unknown task ids with a fast 404 on every task path (the MCP server probes ~10 of them)', async () => {
    const started = Date.now();
    for (const path of taskPaths) {
      const r = await kit.json<{ message: string }>(`${path}/0f8c2a4e-unknown`);
      expect(r.status, path).toBe(404);
      expect(r.body.message).toMatch(/^Task not found\.$/);
    }
    expect(Date.now() - started).toBeLessThan(3000);
    // A task of one path is not found on another (auto-inference relies on it).
    const pic = await kit.create('/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a cat' });
    expect((await kit.call(`/openapi/v1/image-to-3d/${pic.id}`)).status).toBe(404);
    expect((await kit.call(`/openapi/v1/text-to-image/${pic.id}`)).status).toBe(200);
  });

  it('401 without a valid key; 402 when credits are short (nothing charged)', async () => {
    expect((await kit.call('/openapi/v1/remesh', { method: 'POST', json: { input_task_id: 'x' }, key: null })).status).toBe(401);
    await kit.control('/gen3d/balance', { key: KEY, balance: 5 });
    const short = await kit.create('/openapi/v1/image-to-3d', { image_url: dataUri(blueFigure(), 'image/png') });
    expect(short.status).toBe(402);
    expect(short.message).toMatch(/Insufficient credits: this task costs 30 credits and the balance is 5/);
    expect(await kit.balance()).toBe(5);
    await kit.control('/gen3d/balance', { key: KEY, balance: 1000 });
  });

  it('400 for invalid parameters, model-4, and inputs the sandbox would have to fetch from elsewhere', async () => {
    expect((await kit.create('/openapi/v1/image-to-3d', { image_url: dataUri(blueFigure(), 'image/png'), ai_model: 'meshy-4' })).message).toMatch(/model-4 is retired/);
    expect((await kit.create('/openapi/v1/remesh', { input_task_id: 'x', target_polycount: 50 })).message).toMatch(/target_polycount is 100 to 300,000/);
    const remote = await kit.create('/openapi/v1/image-to-3d', { image_url: 'https://example.com/cat.png' });
    expect(remote.status).toBe(400);
    expect(remote.message).toMatch(/fetches nothing from elsewhere/);
    expect((await kit.create('/openapi/v1/multi-image-to-3d', { image_urls: [] })).status).toBe(400);
  });

  it('429 in both forms: RateLimitExceeded past 20 requests a second, NoMoreConcurrentTasks with 10 unfinished', async () => {
    // At SANDBOX_SPEED=1 the window is a real second.
    const slow = new SandboxKit(1);
    try {
      const burst = await Promise.all(Array.from({ length: 30 }, () => slow.sb.app.request('http://127.0.0.1/sandbox/gen3d/openapi/v1/balance', { headers: { authorization: 'Bearer msy_burst_account' } })));
      const limited = burst.filter((r) => r.status === 429);
      expect(limited.length).toBe(10);
      expect(limited[0]!.headers.get('retry-after')).toBe('1');
      expect(await limited[0]!.json()).toEqual({ message: 'RateLimitExceeded' });
    } finally {
      await slow.close();
    }
    const key = 'msy_queue_account';
    for (let i = 0; i < 10; i++) expect((await kit.create('/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: `cat ${i}` }, key)).status).toBe(202);
    const full = await kit.json<{ message: string }>('/openapi/v1/text-to-image', { method: 'POST', json: { ai_model: 'nano-banana', prompt: 'one more' }, key });
    expect(full.status).toBe(429);
    expect(full.body.message).toBe('NoMoreConcurrentTasks');
    expect(full.headers.get('retry-after')).toBeTruthy();
  });

  it('5xx through the fault box; a FAILED task of any type is refunded', async () => {
    await kit.control('/gen3d/faults', { kind: 'http', status: 503, path: '^/openapi/v1/remesh$', method: 'POST' });
    expect((await kit.call('/openapi/v1/remesh', { method: 'POST', json: { input_task_id: 'x' } })).status).toBe(503);
    const before = await kit.balance();
    await kit.control('/gen3d/faults', { kind: 'fail-task', reason: 'internal' });
    const failed = await kit.run('/openapi/v1/text-to-image', { ai_model: 'gpt-image-2', prompt: 'a dog' });
    expect(failed).toMatchObject({ status: 'FAILED', consumed_credits: 0, task_error: { message: 'Internal server error.' } });
    expect(await kit.balance()).toBe(before);
  });

  it('lists per path: page_size up to 100 clamped to 50, status filter, +created_at', async () => {
    const done = await kit.run('/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a bird' });
    const list = await kit.json<Array<{ id: string; status: string }>>('/openapi/v1/text-to-image?page_size=100&page_num=1&sort_by=+created_at&status=SUCCEEDED');
    expect(list.status).toBe(200);
    expect(list.body.every((r) => r.status === 'SUCCEEDED')).toBe(true);
    expect(list.body.map((r) => r.id)).toContain(done.id);
    expect((await kit.json<unknown[]>('/openapi/v1/remesh')).body).toEqual([]);
  });

  it("deletes any task through the text-to-3D path (the CLI's `meshy delete`), and streams any path", async () => {
    const pic = await kit.run('/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a fish' });
    const stream = await kit.call(`/openapi/v1/text-to-image/${pic.id}/stream`);
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(await stream.text()).toMatch(/event: message\ndata: .*"SUCCEEDED"/);
    expect((await kit.call(`/openapi/v2/text-to-3d/${pic.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await kit.call(`/openapi/v1/text-to-image/${pic.id}`)).status).toBe(404);
  });

  it('text-to-motion (the CLI\'s, not in the document) acts the prompt out as a BVH of the asked duration, and refuses a duration past 10 s', async () => {
    const task = await kit.run('/openapi/v1/text-to-motion', { prompt: 'a friendly wave hello', mode: 'swift', duration: 2.5 });
    expect(task).toMatchObject({ status: 'SUCCEEDED', type: 'text-to-motion', mode: 'swift', duration: 2.5, consumed_credits: 3, result: { motion_format: 'bvh' } });
    const res = await kit.sb.app.request((task.result as { motion_url: string }).motion_url);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const bvh = await res.text();
    const [hierarchy = '', motion = ''] = bvh.split('MOTION\n');
    const joints = [...hierarchy.matchAll(/(?:ROOT|JOINT) (\w+)/g)].map((m) => m[1]);
    expect(joints).toHaveLength(17);
    expect(joints.slice(0, 2)).toEqual(['Hips', 'Spine']);
    const lines = motion.trim().split('\n');
    expect(lines[0]).toBe(`Frames: ${2.5 * 30 + 1}`);
    expect(lines[1]).toBe('Frame Time: 0.033333');
    const frames = lines.slice(2).map((l) => l.split(' ').map(Number));
    expect(frames).toHaveLength(76);
    expect(frames.every((f) => f.length === 6 + 3 * 16 && f.every(Number.isFinite))).toBe(true);
    // The right forearm (channels after the hips' 6 and 8 joints' 3, in hierarchy order) waves: its Z rotation moves.
    const column = 6 + 3 * joints.indexOf('RightForeArm') - 3 + 2;
    const z = frames.map((f) => f[column]!);
    expect(Math.max(...z) - Math.min(...z)).toBeGreaterThan(20);
    const tooLong = await kit.json<{ message: string }>('/openapi/v1/text-to-motion', { method: 'POST', json: { prompt: 'a long dance', duration: 11 } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/duration is 2 to 10 seconds/);
  });

  it('keeps tasks of every type across a restart', async () => {
    const pic = await kit.run('/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a tree' });
    await kit.sb.close();
    const { createSandbox } = await import('..');
    kit.sb = createSandbox({ dataDir: kit.dir, speed: 40, control: true });
    const again = await kit.get('/openapi/v1/text-to-image', pic.id);
    expect(again.status).toBe('SUCCEEDED');
    expect((await kit.bytes(again.image_urls![0]!)).length).toBeGreaterThan(1000);
  });
});
