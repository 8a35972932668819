import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerChanges, LedgerPage, LedgerSummary } from '../../contracts/bff';
import type { Lineage } from '../../contracts/bff-history';
import { makeKit, type Kit } from '../testing/kit';

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

type Err = { error: { status: number; field?: string | null; message: string } };
const T0 = 1_700_000_000_000;
const statuses = ['SUCCEEDED', 'SUCCEEDED', 'FAILED', 'SUCCEEDED', 'CANCELED'] as const;
const prompts = ['a red wooden Chair', 'a blue mug', 'an oak tree', 'a steel chair', 'a paper lamp'];

/** Fills the ledger directly (the service's side is not what these tests are about): n finished tasks, one a minute. */
async function seed(k: Kit, n: number, opts: { running?: number } = {}) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `task-${String(i).padStart(4, '0')}`;
    const refine = i % 7 === 6;
    const request = refine ? { mode: 'refine', preview_task_id: ids[i - 1] } : { mode: 'preview', prompt: prompts[i % prompts.length] };
    const type = refine ? 'text-to-3d-refine' : 'text-to-3d-preview';
    const at = T0 + i * 60_000;
    await k.app.tasks.insert({
      id,
      createPath: '/openapi/v2/text-to-3d',
      mode: 'sandbox',
      baseUrl: 'x',
      parentId: refine ? (ids[i - 1] ?? null) : null,
      request,
      record: { ...request, id, type },
      at,
    });
    const status = i >= n - (opts.running ?? 0) ? 'IN_PROGRESS' : statuses[i % statuses.length];
    await k.app.tasks.updateRecord(
      id,
      { ...request, id, type, status, progress: status === 'IN_PROGRESS' ? 40 : 100, prompt: refine ? prompts[(i - 1) % prompts.length] : request.prompt },
      status as string,
      at + 1000,
    );
    ids.push(id);
  }
  return ids;
}
const page = (k: Kit, query: string) => k.json<LedgerPage & Err>(`/api/ledger/tasks${query}`);

describe('the ledger in pages', () => {
  it('pages newest first with an opaque cursor, every task once', async () => {
    kit = await makeKit();
    const ids = await seed(kit, 130);
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const r = await page(kit, `?service=gen3d&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...r.body.tasks.map((t) => t.id));
      cursor = r.body.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    expect((await page(kit, '?cursor=bm90LWEtY3Vyc29y')).body.error.field).toBe('cursor');
    expect((await page(kit, '?limit=500')).body.error).toMatchObject({ field: 'limit', message: 'Nothing was read: limit must be 1 to 200.' });
    expect((await page(kit, '?status=done;drop')).status).toBe(400);
  });

  it('has no unpaged list: GET /api/ledger/gen3d/tasks answers 404 like any path outside the API, and the pages hold every task', async () => {
    kit = await makeKit();
    const ids = await seed(kit, 230);
    const gone = await kit.json<Err>('/api/ledger/gen3d/tasks');
    const unknown = await kit.json<Err>('/api/ledger/gen3d/never-a-route');
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(unknown.body.error.message);
    expect((await kit.ledgerTasks()).map((t) => t.id)).toEqual([...ids].reverse());
  });

  it('filters by status, type and text, each served by an index, and pages the filtered list', async () => {
    kit = await makeKit();
    await seed(kit, 130, { running: 3 });
    const failed = await page(kit, '?status=FAILED&limit=10');
    expect(failed.body.tasks.length).toBe(10);
    expect(failed.body.tasks.every((t) => t.task.status === 'FAILED')).toBe(true);
    const rest = await page(kit, `?status=FAILED&limit=50&cursor=${failed.body.nextCursor}`);
    expect(new Set([...failed.body.tasks, ...rest.body.tasks].map((t) => t.id)).size).toBe(failed.body.tasks.length + rest.body.tasks.length);
    const running = await page(kit, '?status=PENDING,IN_PROGRESS');
    expect(running.body.tasks.map((t) => t.task.status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS']);
    const refines = await page(kit, '?type=text-to-3d-refine&limit=200');
    expect(refines.body.tasks.length).toBe(18);
    expect(refines.body.tasks.every((t) => t.task.type === 'text-to-3d-refine')).toBe(true);
    // Text: any part of the prompt, case ignored; a refine is found by its preview's prompt.
    const chairs = await page(kit, '?q=CHAIR&limit=200');
    expect(chairs.body.tasks.length).toBeGreaterThan(40);
    expect(chairs.body.tasks.every((t) => /chair/i.test(t.task.prompt ?? ''))).toBe(true);
    expect(chairs.body.tasks.some((t) => t.task.type === 'text-to-3d-refine')).toBe(true);
    expect((await page(kit, '?q=ug&limit=200')).body.tasks.every((t) => t.task.prompt === 'a blue mug')).toBe(true);
    expect((await page(kit, '?q=task-0007')).body.tasks.map((t) => t.id)).toEqual(['task-0007']);
    expect((await page(kit, `?q=${encodeURIComponent('"chair" OR lamp*')}`)).body.tasks).toEqual([]);
    const both = await page(kit, '?status=SUCCEEDED&q=steel&limit=200');
    expect(both.body.tasks.every((t) => t.task.status === 'SUCCEEDED' && t.task.prompt === 'a steel chair')).toBe(true);
    for (const q of [
      {},
      { status: 'FAILED' },
      { type: 'text-to-3d-refine' },
      { q: 'chair' },
      { status: 'SUCCEEDED', q: 'steel', cursor: failed.body.nextCursor as string },
    ]) {
      const plan = (await kit.app.pages.plan(q)).join(' | ');
      expect(plan, JSON.stringify(q)).toMatch(/USING INDEX tasks_(page|status|type)/);
      expect(plan, JSON.stringify(q)).not.toMatch(/TEMP B-TREE|SCAN tasks($| )/);
    }
  });

  it('keeps pages small: long values such as data URIs are cut short in lists, whole in a task read', async () => {
    kit = await makeKit();
    const uri = `data:image/png;base64,${'A'.repeat(2 * 1024 * 1024)}`;
    await kit.app.tasks.insert({
      id: 'big',
      createPath: '/openapi/v1/image-to-3d',
      mode: 'sandbox',
      baseUrl: 'x',
      parentId: null,
      request: { image_url: uri },
      record: { id: 'big', type: 'image-to-3d', status: 'PENDING', image_url: uri },
      at: T0,
    });
    const list = await page(kit, '');
    expect(list.text.length).toBeLessThan(5_000);
    expect(list.body.tasks[0]?.request.image_url).toMatch(/^data:image\/png;base64,A+… \(2\.0 MB left out; read the task on its own\)$/);
    const one = await kit.json<{ request: { image_url: string } }>('/api/ledger/gen3d/tasks/big');
    expect(one.body.request.image_url).toBe(uri);
  });

  it('gives a task’s lineage: the tasks it came from and every task made from it', async () => {
    kit = await makeKit();
    const add = (id: string, parentId: string | null, at: number) =>
      kit?.app.tasks.insert({
        id,
        createPath: '/openapi/v2/text-to-3d',
        mode: 'sandbox',
        baseUrl: 'x',
        parentId,
        request: { mode: parentId ? 'refine' : 'preview' },
        record: { id, type: 'text-to-3d-preview', status: 'SUCCEEDED' },
        at,
      });
    await add('preview', null, T0);
    await add('refine', 'preview', T0 + 1);
    await add('retexture-a', 'refine', T0 + 2);
    await add('retexture-b', 'refine', T0 + 3);
    await add('rig', 'retexture-a', T0 + 4);
    await add('other', null, T0 + 5);
    const r = await kit.json<Lineage>('/api/ledger/tasks/retexture-a/lineage');
    expect(r.body.task.id).toBe('retexture-a');
    expect(r.body.sources.map((t) => t.id)).toEqual(['refine', 'preview']);
    expect(r.body.derived.map((t) => t.id)).toEqual(['rig']);
    const top = await kit.json<Lineage>('/api/ledger/tasks/preview/lineage');
    expect(top.body.derived.map((t) => t.id)).toEqual(['refine', 'retexture-a', 'retexture-b', 'rig']);
    expect((await kit.json<Err>('/api/ledger/tasks/nope/lineage')).status).toBe(404);
  });

  it('tells what changed since a time (to patch pages held), and counts by status and type', async () => {
    kit = await makeKit();
    await seed(kit, 20);
    const t = Date.now();
    await kit.app.tasks.updateRecord('task-0003', { id: 'task-0003', type: 'text-to-3d-preview', status: 'SUCCEEDED', name: 'renamed' }, 'SUCCEEDED', t + 5);
    const changes = await kit.json<LedgerChanges>(`/api/ledger/changes?since=${t}`);
    expect(changes.body.tasks.map((x) => x.id)).toEqual(['task-0003']);
    expect(changes.body).toMatchObject({ until: t + 5, more: false });
    expect((await kit.json<Err>('/api/ledger/changes')).body.error.field).toBe('since');
    const summary = (await kit.json<LedgerSummary>('/api/ledger/summary?service=gen3d')).body;
    expect(summary.total).toBe(20);
    expect(summary.byStatus).toEqual({ SUCCEEDED: 12, FAILED: 4, CANCELED: 4 });
    expect(summary.byType).toEqual({ 'text-to-3d-preview': 18, 'text-to-3d-refine': 2 });
  });

  it('resumes only unfinished tasks at start-up', async () => {
    kit = await makeKit();
    await seed(kit, 200, { running: 2 });
    await kit.restart();
    expect(kit.app.watch.size).toBe(2);
  });
});
