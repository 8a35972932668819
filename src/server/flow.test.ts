import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeKit, previewBody, type Kit } from './testing/kit';

let kit: Kit;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(async () => {
  await kit.close();
});

describe('a 3D task from the console, against the sandbox', () => {
  it('is created, watched to SUCCEEDED, and its GLB downloads from the console', async () => {
    const created = await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody() });
    expect(created.status).toBe(202);
    const id = created.body.result;

    // The ledger knows it at once, newest first.
    const tasks = await kit.ledgerTasks();
    expect(tasks[0]?.id).toBe(id);

    const seen: number[] = [];
    const done = await kit.waitFor(id, (t) => {
      seen.push(t.task.progress);
      return t.task.status === 'SUCCEEDED' && t.archived;
    });
    expect(done.task.consumed_credits).toBe(20);
    expect(done.task.face_count).toBeGreaterThan(100);
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);

    const glbUrl = done.task.model_urls.glb;
    expect(glbUrl).toMatch(/^\/api\/files\/gen3d\//);
    const file = await kit.req(`${glbUrl}?download=1`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename=".*\.glb"/);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('glTF');
    expect(Number(file.headers.get('content-length'))).toBe(bytes.length);

    const thumb = await kit.req(done.task.thumbnail_url ?? '');
    expect(thumb.headers.get('content-type')).toBe('image/png');
  });

  it('keeps a task cancelled before it ran in the queue, CANCELED and refunded', async () => {
    // Two run at once; the third waits PENDING.
    const ids: string[] = [];
    for (const p of ['a red mug', 'a blue mug', 'a green mug']) {
      ids.push((await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody(p) })).body.result);
    }
    const pending = ids[2] as string;
    const before = (await kit.json<{ balance: number }>('/api/gen3d/openapi/v1/balance')).body.balance;
    const del = await kit.req(`/api/gen3d/openapi/v2/text-to-3d/${pending}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    const task = await kit.waitFor(pending, (t) => t.task.status === 'CANCELED');
    expect(task.task.consumed_credits).toBe(0);
    const tasks = await kit.ledgerTasks();
    expect(tasks.map((t) => t.id)).toContain(pending);
    expect((await kit.json<{ balance: number }>('/api/gen3d/openapi/v1/balance')).body.balance).toBe(before + 20);
  });
});
