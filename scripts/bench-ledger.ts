/**
 * `npx tsx scripts/bench.ts ledger`: the ledger at 100,000 tasks through the BFF (app.request, no
 * port): start-up, the first page, filtered pages, a deep page, and the server-side totals.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { makeKit, type Kit } from '../src/server/testing/kit';

const N = 100_000;
const prompts = [
  'a red wooden chair',
  'a blue ceramic mug',
  'an oak tree in autumn',
  'a steel office chair',
  'a paper lantern',
  'a low-poly fox',
  'a brass desk lamp',
  'a knight in armor',
];
const statuses = ['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED', 'CANCELED', 'SUCCEEDED'];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] as number;

/** 100,000 tasks as the service records them (files, textures, credits), spread over 100 days. */
export async function fill(kit: Kit) {
  const t0 = Date.now() - 100 * 24 * 3600_000;
  const db = kit.app.db;
  await db.transaction(async () => {
    let previous = '';
    for (let i = 0; i < N; i++) {
      const id = `0190a${i.toString(16).padStart(6, '0')}-7c1e-7a9b-9f00-${(i * 7919).toString(16).padStart(12, '0')}`;
      const refine = i % 5 === 4;
      const status = statuses[i % statuses.length] as string;
      const prompt = prompts[i % prompts.length] as string;
      const request = refine
        ? { mode: 'refine', preview_task_id: previous, enable_pbr: true, ai_model: 'latest' }
        : { mode: 'preview', prompt, ai_model: 'latest', target_formats: ['glb', 'obj', 'stl'] };
      const at = t0 + i * 86_400;
      const file = (name: string) => `http://sandbox.invalid/sandbox/gen3d/files/${id}/${name}?expires=${at + 3 * 86_400_000}`;
      const done = status === 'SUCCEEDED';
      const record = {
        id,
        type: refine ? 'text-to-3d-refine' : 'text-to-3d-preview',
        name: '',
        ...request,
        prompt,
        status,
        progress: done ? 100 : 0,
        preceding_tasks: 0,
        created_at: at,
        started_at: at + 1000,
        finished_at: at + 20_000,
        expires_at: done ? at + 3 * 86_400_000 : 0,
        model_urls: done ? { glb: file('model.glb'), obj: file('model.obj'), stl: file('model.stl') } : {},
        thumbnail_url: done ? file('thumbnail.png') : '',
        texture_urls:
          done && refine
            ? [{ base_color: file('base_color.png'), metallic: file('metallic.png'), roughness: file('roughness.png'), normal: file('normal.png') }]
            : [],
        task_error: status === 'FAILED' ? { message: 'The server is busy. Please try again later.' } : { message: '' },
        consumed_credits: done ? (refine ? 10 : 20) : 0,
        face_count: done ? 4_000 + (i % 900) : null,
      };
      await kit.app.tasks.insert({
        id,
        createPath: '/openapi/v2/text-to-3d',
        mode: 'sandbox',
        baseUrl: 'https://api.meshy.ai',
        parentId: refine ? previous : null,
        request,
        record,
        at,
      });
      if (!refine) previous = id;
    }
    // SQLite's own JSON function: this benchmark fills a SQLite file.
    await db.q.updateTable('tasks').set({ status: sql<string>`json_extract(record, '$.status')`, archived: 1 }).execute();
  });
}

async function timed(kit: Kit, path: string, runs: number) {
  const lat: number[] = [];
  let bytes = 0;
  let tasks = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await kit.req(path);
    const text = await res.text();
    lat.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    bytes = text.length;
    tasks = (JSON.parse(text) as { tasks?: unknown[] }).tasks?.length ?? 0;
  }
  return { path, p50: pct(lat, 50), p99: pct(lat, 99), bytes, tasks };
}

export type LedgerBench = Awaited<ReturnType<typeof measureLedger>>;

export async function measureLedger() {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-bench-ledger-'));
  try {
    let kit = await makeKit({ dir });
    const f0 = performance.now();
    await fill(kit);
    const fillMs = performance.now() - f0;
    await kit.close();
    // Start-up with 100,000 tasks: the first start also gives older tasks their spend ledger rows.
    let s0 = performance.now();
    kit = await makeKit({ dir });
    const firstStartMs = performance.now() - s0;
    await kit.close();
    s0 = performance.now();
    kit = await makeKit({ dir });
    const startMs = performance.now() - s0;
    try {
      const first = await kit.json<{ nextCursor: string }>('/api/ledger/tasks?limit=50');
      // A cursor 100 pages deep.
      let cursor = first.body.nextCursor;
      for (let i = 0; i < 99; i++) cursor = (await kit.json<{ nextCursor: string }>(`/api/ledger/tasks?limit=50&cursor=${cursor}`)).body.nextCursor;
      const runs = 200;
      const rows = [
        await timed(kit, '/api/ledger/tasks?limit=50', runs),
        await timed(kit, '/api/ledger/tasks?limit=50&status=FAILED', runs),
        await timed(kit, '/api/ledger/tasks?limit=50&type=text-to-3d-refine', runs),
        await timed(kit, '/api/ledger/tasks?limit=50&q=chair', runs),
        await timed(kit, '/api/ledger/tasks?limit=50&q=knight&status=FAILED', runs),
        // A rare text (part of one task's id): the trigram index answers it.
        await timed(kit, `/api/ledger/tasks?limit=50&q=0190a${(54_321).toString(16).padStart(6, '0')}`, runs),
        await timed(kit, `/api/ledger/tasks?limit=50&cursor=${cursor}`, runs),
        await timed(kit, '/api/ledger/summary?service=gen3d', 50),
        await timed(kit, '/api/spend/totals?service=gen3d', 50),
        await timed(kit, '/api/spend/daily?service=gen3d&days=30', 50),
        await timed(
          kit,
          `/api/ledger/tasks/${(await kit.app.db.q.selectFrom('tasks').select('id').where('type', '=', 'text-to-3d-preview').limit(1).offset(50_000).executeTakeFirstOrThrow()).id}/lineage`,
          50,
        ),
      ];
      return { tasks: N, fillMs, firstStartMs, startMs, rows };
    } finally {
      await kit.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printLedger(r: LedgerBench) {
  console.log(
    `${r.tasks.toLocaleString('en')} tasks written in ${(r.fillMs / 1000).toFixed(1)} s; console start-up ${Math.round(r.firstStartMs)} ms the first time (spend rows for older tasks), then ${Math.round(r.startMs)} ms`,
  );
  for (const row of r.rows) {
    const label = row.path.replace(/cursor=[^&]+/, 'cursor=<page 100>').replace(/tasks\/[^/]+\/lineage/, 'tasks/<id>/lineage');
    console.log(
      `  ${label.padEnd(62)} p50 ${row.p50.toFixed(2)} ms  p99 ${row.p99.toFixed(2)} ms  ${(row.bytes / 1024).toFixed(1)} KB${row.tasks ? ` (${row.tasks} tasks)` : ''}`,
    );
  }
}
