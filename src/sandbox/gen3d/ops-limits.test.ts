import { BoxGeometry, SphereGeometry, type BufferGeometry } from 'three';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeStl } from './engine/mesh/formats';
import type { Soup } from './engine/mesh/soup';
import { dataUri, glbUri, SandboxKit } from './test-kit';

const soupOf = (g: BufferGeometry): Soup => ({ positions: Float32Array.from(g.getAttribute('position').array), indices: Uint32Array.from(g.getIndex()!.array), uvs: null, colors: null });
const kits: SandboxKit[] = [];
const kitWith = (limits: ConstructorParameters<typeof SandboxKit>[1]) => {
  const kit = new SandboxKit(40, limits);
  kits.push(kit);
  return kit;
};
afterAll(async () => {
  for (const kit of kits) await kit.close();
});

const REPAIR = '/openapi/v1/print/repair';
const ANALYZE = '/openapi/v1/print/analyze';

describe('per-job limits of the 3D worker', () => {
  it('fails a GLB of 3 million degenerate triangles as soon as it is read, with the count, and refunds it', async () => {
    const kit = kitWith({});
    // Every triangle is the one vertex three times: 18 MB of indices around nothing.
    const degenerate: Soup = { positions: new Float32Array(3), indices: new Uint32Array(9_000_000), uvs: null, colors: null };
    const before = await kit.balance();
    const failed = await kit.run(REPAIR, { model_url: await glbUri(degenerate) });
    expect(failed).toMatchObject({
      status: 'FAILED',
      consumed_credits: 0,
      task_error: { message: 'The model has 3,000,000 triangles; the sandbox handles at most 500,000. Reduce it in a modelling tool first.' },
    });
    expect(await kit.balance()).toBe(before);
  });

  it('stops a job past its time limit with a clear failure, refunds it, and runs the task queued behind it', async () => {
    const kit = kitWith({ ms: 2_000 });
    const before = await kit.balance();
    // Repairing a 500,000-triangle sphere takes over 20 s of one core: far past the 2 s given here.
    const slow = await kit.create(REPAIR, { model_url: await glbUri(soupOf(new SphereGeometry(0.5, 500, 501))) });
    expect(slow.status).toBe(202);
    // Its job is handed to the worker at half its run (progress 66): the next task queues behind it.
    await vi.waitFor(async () => expect((await kit.get(REPAIR, slow.id)).progress).toBeGreaterThanOrEqual(66), { timeout: 20_000, interval: 50 });
    const next = await kit.run(ANALYZE, { model_url: await glbUri(soupOf(new BoxGeometry(1, 1, 1))) });
    expect(next).toMatchObject({ status: 'SUCCEEDED', printability: { status: 'healthy' } });
    expect(await kit.until(REPAIR, slow.id)).toMatchObject({
      status: 'FAILED',
      consumed_credits: 0,
      task_error: { message: 'The job took longer than 2 s and was stopped. Send a smaller model (fewer triangles) or fewer output formats.' },
    });
    expect(await kit.balance()).toBe(before);
  });

  it('refuses an input file over the byte limit, and tells a rigging request its model is over the triangle limit', async () => {
    const kit = kitWith({ bytes: 4096, triangles: 10 });
    const big = await kit.run(ANALYZE, { model_url: await glbUri(soupOf(new SphereGeometry(0.5, 32, 32))) });
    expect(big).toMatchObject({ status: 'FAILED', task_error: { message: expect.stringMatching(/^The input file is \d+ KB; the sandbox handles files of at most 4 KB\./) } });
    // An STL declares no face count: the sandbox reads it to look for a biped, and meets the limit.
    const rig = await kit.create('/openapi/v1/rigging', { model_url: dataUri(writeStl(soupOf(new BoxGeometry(1, 1, 1))), 'model/stl') });
    expect(rig).toMatchObject({ status: 400, message: 'The model has 12 triangles; the sandbox handles at most 10. Reduce it in a modelling tool first.' });
  });
});
