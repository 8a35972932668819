import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArchiveFile, LedgerTask } from '../../contracts/bff';
import type { ArchiveUsage } from '../../contracts/bff-bodies';
import { LIVE_BASE, makeKit, previewBody, type Kit } from '../testing/kit';

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

type Detail = LedgerTask & { files: ArchiveFile[] };
type Err = { error: { status: number; code: string; message: string } };
const create = async (k: Kit, prompt = 'a red wooden chair') =>
  (await k.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody(prompt) })).body.result;
const detail = async (k: Kit, id: string) => (await k.json<Detail>(`/api/ledger/gen3d/tasks/${id}`)).body;
const settled = (t: LedgerTask) =>
  t.task.status === 'SUCCEEDED' && (t.files ?? []).length > 0 && (t.files ?? []).every((f) => f.state !== 'pending' && f.state !== 'retrying');
const stateOf = (t: Detail) => Object.fromEntries(t.files.map((f) => [f.key, f.state]));

describe('the archive copies only output files, from the service’s own hosts', () => {
  it('never fetches a prompt, an unknown field or a file on a foreign host, and records why a file was refused', async () => {
    const internal = 'http://127.0.0.1:8787/api/connections';
    kit = await makeKit({
      // A hostile service: its task records carry internal URLs in an unknown field and a file on another host.
      liveAnswer: async (req, res) => {
        if (req.method !== 'GET' || !/\/text-to-3d\/[^/?]+$/.test(new URL(req.url).pathname) || !res.ok) return res;
        const record = (await res.json()) as Record<string, unknown>;
        const models = record.model_urls as Record<string, string>;
        const tampered = {
          ...record,
          callback_url: 'http://169.254.169.254/latest/meta-data',
          notes: { link: internal },
          model_urls: models.glb ? { ...models, fbx: 'https://evil.example/model.fbx' } : models,
        };
        return Response.json(tampered, { status: res.status });
      },
    });
    const k = kit;
    expect((await k.json('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_archive_key_1234', baseUrl: LIVE_BASE } })).status).toBe(
      200,
    );
    // The watcher polls (the stream is switched off), so every record it reads is the tampered one.
    await k.control('/gen3d/faults', { kind: 'http', status: 404, path: '/stream$', count: 1000 });
    const id = await create(k, `see ${internal} for details`);
    await k.waitFor(id, settled);
    const t = await detail(k, id);
    expect(stateOf(t)).toEqual({
      'model_urls.glb': 'archived',
      'model_urls.obj': 'archived',
      'model_urls.stl': 'archived',
      'model_urls.fbx': 'lost',
      thumbnail_url: 'archived',
    });
    const fbx = t.files.find((f) => f.key === 'model_urls.fbx');
    expect(fbx?.reason).toBe('refused: the console does not send requests to evil.example: requests of this kind go only to live.test, assets.meshy.ai');
    expect(t.task.prompt).toBe(`see ${internal} for details`);
    expect(t.archived).toBe(false);
    expect(t.watch.lastError).toMatch(/^Copying a file into the console's archive failed \(model_urls\.fbx: refused/);
    for (const key of ['prompt', 'callback_url', 'notes.link']) {
      expect((await k.req(`/api/files/gen3d/${id}/${key}`)).status, key).toBe(404);
    }
    const refused = await k.json<Err>(`/api/files/gen3d/${id}/model_urls.fbx`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('file_refused');
    const hosts = new Set(k.liveRequests.map((r) => new URL(r.url).host));
    expect([...hosts]).toEqual(['live.test']);
  });

  it('does not copy a file past the size limit, and says so', async () => {
    kit = await makeKit({ archive: { maxFileBytes: 2048 } });
    const id = await create(kit);
    await kit.waitFor(id, settled);
    const glb = (await detail(kit, id)).files.find((f) => f.key === 'model_urls.glb');
    expect(glb).toMatchObject({ state: 'lost', reason: 'the file is larger than the size limit (2 KB)', size: null });
  });
});

describe('failed copies', () => {
  it('are retried with backoff while the service keeps the file, and each file’s state is readable', async () => {
    kit = await makeKit({ archive: { retryBaseMs: 60_000 } });
    await kit.control('/gen3d/faults', { kind: 'http', status: 503, method: 'GET', path: '^/files/', count: 3 });
    const id = await create(kit);
    const retrying = await kit.waitFor(id, (t) => (t.files ?? []).some((f) => f.state === 'retrying'));
    const f = (retrying.files ?? []).find((x) => x.state === 'retrying') as ArchiveFile;
    expect(f).toMatchObject({ attempts: 1, reason: 'the service answered HTTP 503' });
    expect(f.nextAttemptAt).toBeGreaterThan(Date.now() - 100);
    const done = await kit.waitFor(id, (t) => t.archived);
    expect((done.files ?? []).map((x) => [x.key, x.state])).toEqual([
      ['model_urls.glb', 'archived'],
      ['model_urls.obj', 'archived'],
      ['model_urls.stl', 'archived'],
      ['thumbnail_url', 'archived'],
    ]);
  });

  it('stop for good when the service no longer has the file (403, 404, 410)', async () => {
    kit = await makeKit({ archive: { retryBaseMs: 60_000 } });
    await kit.control('/gen3d/faults', { kind: 'http', status: 403, method: 'GET', path: '^/files/', count: 10, body: { message: 'Request has expired.' } });
    const id = await create(kit);
    const t = await kit.waitFor(id, settled);
    for (const file of t.files ?? []) {
      expect(file.state).toBe('lost');
      expect(file.reason).toBe('the service no longer has this file (HTTP 403); it deletes files 3 days after a task finishes');
    }
  });
});

describe('the archive on disk', () => {
  it('tells its disk use, deletes a task’s local copy on request, and sweeps copies past the retention', async () => {
    kit = await makeKit({ archive: { retentionDays: 2 } });
    const a = await create(kit, 'a blue mug');
    const b = await create(kit, 'a green mug');
    await kit.waitFor(a, (t) => t.archived);
    await kit.waitFor(b, (t) => t.archived);
    const usage = (await kit.json<ArchiveUsage>('/api/ledger/gen3d/archive')).body;
    expect(usage).toMatchObject({ service: 'gen3d', files: 8, tasks: 2, retentionDays: 2, maxFileBytes: 512 * 1024 * 1024, byState: { archived: 8 } });
    expect(usage.bytes).toBeGreaterThan(1000);

    const removed = await kit.json<{ taskId: string; files: number; bytes: number }>(`/api/ledger/gen3d/tasks/${a}/files`, { method: 'DELETE' });
    expect(removed.body).toMatchObject({ taskId: a, files: 4 });
    expect(existsSync(join(kit.dir, 'archive', 'gen3d', a))).toBe(false);
    const after = await detail(kit, a);
    expect(after.archived).toBe(false);
    expect(new Set(after.files.map((f) => `${f.state}: ${f.reason}`))).toEqual(new Set(['removed: the local copy was deleted by the operator']));
    // Still downloadable from the service while it keeps the file.
    expect((await kit.req(after.task.model_urls.glb as string)).status).toBe(200);
    expect((await kit.json<ArchiveUsage>('/api/ledger/gen3d/archive')).body.files).toBe(4);

    expect(await kit.app.archive.sweep(Date.now() + 1 * 24 * 3600_000)).toBe(0);
    // The operator lengthens the retention in the console: it holds over the environment's 2 days, across a restart.
    const bad = await kit.json<Err>('/api/ledger/gen3d/archive', { method: 'PUT', json: { retentionDays: 2.5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Nothing was saved: retentionDays must be a whole number of days.');
    expect((await kit.json<ArchiveUsage>('/api/ledger/gen3d/archive', { method: 'PUT', json: { retentionDays: 5 } })).body.retentionDays).toBe(5);
    await kit.restart();
    expect((await kit.json<ArchiveUsage>('/api/ledger/gen3d/archive')).body.retentionDays).toBe(5);
    expect(await kit.app.archive.sweep(Date.now() + 3 * 24 * 3600_000)).toBe(0);
    expect(await kit.app.archive.sweep(Date.now() + 6 * 24 * 3600_000)).toBe(4);
    const swept = await detail(kit, b);
    expect(new Set(swept.files.map((f) => f.reason))).toEqual(new Set(["removed after 5 days (the archive's retention setting)"]));
    expect((await kit.json<ArchiveUsage>('/api/ledger/gen3d/archive')).body).toMatchObject({ files: 0, bytes: 0 });
    const missing = await kit.json<Err>('/api/ledger/gen3d/tasks/no-such-task/files', { method: 'DELETE' });
    expect(missing.status).toBe(404);
  });
});
