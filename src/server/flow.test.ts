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
    const list = await kit.json<{ tasks: Array<{ id: string }> }>('/api/ledger/gen3d/tasks');
    expect(list.body.tasks[0]?.id).toBe(id);

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
});
