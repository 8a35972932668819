import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox } from '..';

const KEY = 'msy_test_account';
const base = 'http://127.0.0.1/sandbox/gen3d';
let dir: string;
let sb: Sandbox;

const open = (speed = 40) => createSandbox({ dataDir: dir, speed, control: true });
const call = (path: string, init: RequestInit & { json?: unknown; key?: string | null } = {}) => {
  const { json, key = KEY, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key) headers.set('authorization', `Bearer ${key}`);
  if (json !== undefined) headers.set('content-type', 'application/json');
  return Promise.resolve(sb.app.request(`${base}${path}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : undefined }));
};
const create = async (body: unknown, key = KEY) => {
  const res = await call('/openapi/v2/text-to-3d', { method: 'POST', json: body, key });
  return { status: res.status, body: (await res.json()) as { result?: string; message?: string } };
};
type Rec = { status: string; progress: number; preceding_tasks: number; consumed_credits: number; model_urls: Record<string, string>; task_error: { message: string } | null; face_count?: number; thumbnail_url: string; texture_urls: unknown };
const get = async (id: string) => (await (await call(`/openapi/v2/text-to-3d/${id}`)).json()) as Rec;
const balance = async (key = KEY) => ((await (await call('/openapi/v1/balance', { key })).json()) as { balance: number }).balance;
const until = (id: string, pred: (r: Rec) => boolean, ms = 15_000) =>
  vi.waitFor(
    async () => {
      const r = await get(id);
      if (!pred(r)) throw new Error(`timed out at ${r.status} ${r.progress}`);
      return r;
    },
    // Every 60 ms: under the 20 requests/s limit.
    { timeout: ms, interval: 60 },
  );

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
  sb = open();
});
afterEach(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('3D sandbox', () => {
  it('answers 401 without a key of the service prefix', async () => {
    expect((await call('/openapi/v1/balance', { key: null })).status).toBe(401);
    expect((await call('/openapi/v1/balance', { key: 'sk_live_123456' })).status).toBe(401);
    const res = await call('/openapi/v1/balance', { key: 'xq_12345678' });
    expect(await res.json()).toEqual({ message: 'Invalid API key.' });
  });

  it('moves a preview PENDING → IN_PROGRESS (rising, holding at 99) → SUCCEEDED and charges 20', async () => {
    await sb.close();
    sb = open(10); // slow enough to watch the hold at 99
    const before = await balance();
    const { status, body } = await create({ mode: 'preview', prompt: 'a green tree' });
    expect(status).toBe(202);
    const id = body.result as string;
    const seen = new Set<number>();
    const done = await until(id, (r) => {
      seen.add(r.progress);
      return r.status === 'SUCCEEDED';
    });
    expect([...seen].some((p) => p > 0 && p < 99)).toBe(true);
    expect(seen.has(99)).toBe(true);
    expect(done.progress).toBe(100);
    expect(done.consumed_credits).toBe(20);
    expect(done.face_count).toBeGreaterThan(0);
    expect(Object.keys(done.model_urls).sort()).toEqual(['glb', 'obj', 'stl']);
    expect(done.texture_urls).toEqual([]);
    expect(await balance()).toBe(before - 20);
    const glb = await sb.app.request(done.model_urls.glb as string);
    expect(glb.headers.get('content-type')).toBe('model/gltf-binary');
  });

  it('pads a running record with empty values like the live service', async () => {
    const id = (await create({ mode: 'preview', prompt: 'a mug' })).body.result as string;
    const r = await get(id);
    expect(r.model_urls).toEqual({ glb: '' });
    expect(r.thumbnail_url).toBe('');
    expect(r.task_error).toBeNull();
  });

  it('queues beyond two running tasks with preceding_tasks', async () => {
    const ids: string[] = [];
    for (const p of ['a chair', 'a table', 'a lamp', 'a vase']) ids.push((await create({ mode: 'preview', prompt: p, ai_model: 'model-5' })).body.result as string);
    const records = await Promise.all(ids.map(get));
    expect(records.map((r) => r.status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'PENDING', 'PENDING']);
    expect(records[2]?.preceding_tasks).toBe(0);
    expect(records[3]?.preceding_tasks).toBe(1);
  });

  it('charges by model: model-5 preview 5, refine 10', async () => {
    const before = await balance();
    const id = (await create({ mode: 'preview', prompt: 'a sword', ai_model: 'model-5' })).body.result as string;
    await until(id, (r) => r.status === 'SUCCEEDED');
    const refine = await create({ mode: 'refine', preview_task_id: id, enable_pbr: true });
    expect(refine.status).toBe(202);
    const done = await until(refine.body.result as string, (r) => r.status === 'SUCCEEDED', 30_000);
    expect(done.consumed_credits).toBe(10);
    expect(await balance()).toBe(before - 15);
    const textures = done.texture_urls as Array<Record<string, string>>;
    expect(Object.keys(textures[0] ?? {}).sort()).toEqual(['base_color', 'metallic', 'normal', 'roughness']);
  });

  it('answers 402 when the balance is short, and charges nothing', async () => {
    await sb.app.request('http://127.0.0.1/sandbox/__control/gen3d/balance', { method: 'POST', body: JSON.stringify({ key: KEY, balance: 19 }), headers: { 'content-type': 'application/json' } });
    const r = await create({ mode: 'preview', prompt: 'a car' });
    expect(r.status).toBe(402);
    expect(r.body.message).toMatch(/Insufficient credits/);
    expect(await balance()).toBe(19);
    expect((await create({ mode: 'preview', prompt: 'a car', ai_model: 'model-5' })).status).toBe(202);
  });

  it('refuses model-4, bad refines, unknown tasks', async () => {
    const retired = await create({ mode: 'preview', prompt: 'a car', ai_model: 'model-4' });
    expect(retired).toEqual({ status: 400, body: { message: 'ai_model: model-4 is retired; choose latest, model-6 or model-5' } });
    expect((await create({ mode: 'refine', preview_task_id: 'nope' })).status).toBe(400);
    const pending = (await create({ mode: 'preview', prompt: 'a duck' })).body.result as string;
    const early = await create({ mode: 'refine', preview_task_id: pending });
    expect(early).toEqual({ status: 400, body: { message: 'The preview task has not succeeded; refine needs a SUCCEEDED preview.' } });
    expect((await call('/openapi/v2/text-to-3d/does-not-exist')).status).toBe(404);
    // Another account does not see this one's tasks.
    expect((await call(`/openapi/v2/text-to-3d/${pending}`, { key: 'msy_other_account' })).status).toBe(404);
  });

  it('fails an injected task with the known message and refunds it', async () => {
    const before = await balance();
    await sb.app.request('http://127.0.0.1/sandbox/__control/gen3d/faults', { method: 'POST', body: JSON.stringify({ kind: 'fail-task', reason: 'busy' }), headers: { 'content-type': 'application/json' } });
    const id = (await create({ mode: 'preview', prompt: 'a robot' })).body.result as string;
    const failed = await until(id, (r) => r.status === 'FAILED');
    expect(failed.task_error).toEqual({ message: 'The server is busy. Please try again later.' });
    expect(failed.consumed_credits).toBe(0);
    expect(await balance()).toBe(before);
  });

  it('streams a task over SSE until it ends', async () => {
    const id = (await create({ mode: 'preview', prompt: 'a castle' })).body.result as string;
    const res = await call(`/openapi/v2/text-to-3d/${id}/stream`, { headers: { accept: 'text/event-stream' } });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await res.text();
    const events = text.split('\n\n').filter((b) => b.includes('event: message'));
    const statuses = events.map((b) => (JSON.parse(b.split('data: ')[1] ?? '{}') as { status: string }).status);
    expect(statuses.at(-1)).toBe('SUCCEEDED');
    expect(statuses).toContain('IN_PROGRESS');
  });

  it('deletes a PENDING task with a refund and refuses one in progress', async () => {
    const ids: string[] = [];
    for (const p of ['a', 'b', 'c']) ids.push((await create({ mode: 'preview', prompt: `a ${p} ring` })).body.result as string);
    const before = await balance();
    expect((await call(`/openapi/v2/text-to-3d/${ids[0]}`, { method: 'DELETE' })).status).toBe(400);
    expect((await call(`/openapi/v2/text-to-3d/${ids[2]}`, { method: 'DELETE' })).status).toBe(200);
    expect(await balance()).toBe(before + 20);
    expect((await call(`/openapi/v2/text-to-3d/${ids[2]}`)).status).toBe(404);
  });

  it('lists tasks as a bare array, newest first', async () => {
    const a = (await create({ mode: 'preview', prompt: 'first' })).body.result;
    const b = (await create({ mode: 'preview', prompt: 'second' })).body.result;
    const list = (await (await call('/openapi/v2/text-to-3d?page_size=10&sort_by=-created_at')).json()) as Array<{ id: string }>;
    expect(list.map((r) => r.id)).toEqual([b, a]);
    expect((await call('/openapi/v2/text-to-3d?page_size=100')).status).toBe(200); // clamped to 50, as the MCP server needs
  });

  it('keeps its state across a restart, and the files expire after 3 days', async () => {
    const id = (await create({ mode: 'preview', prompt: 'a mushroom' })).body.result as string;
    await until(id, (r) => r.status === 'SUCCEEDED');
    await sb.close();
    sb = open();
    const again = await get(id);
    expect(again.status).toBe('SUCCEEDED');
    expect((await sb.app.request(again.model_urls.glb as string)).status).toBe(200);
    await sb.app.request('http://127.0.0.1/sandbox/__control/clock', { method: 'POST', body: JSON.stringify({ advanceMs: 3 * 86_400_000 + 1000 }), headers: { 'content-type': 'application/json' } });
    expect((await sb.app.request(again.model_urls.glb as string)).status).toBe(403);
  });

  it('answers 429 RateLimitExceeded with Retry-After past 20 requests a second', async () => {
    await sb.close();
    sb = open(1); // a real one-second window: the burst fits in it even on a busy machine
    const statuses = await Promise.all(Array.from({ length: 25 }, () => call('/openapi/v1/balance').then((r) => r)));
    const limited = statuses.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.headers.get('retry-after')).toBe('1');
    expect(await limited[0]?.json()).toEqual({ message: 'RateLimitExceeded' });
  });
});
