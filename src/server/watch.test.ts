import { afterEach, describe, expect, it } from 'vitest';
import { LiveEvent } from '../contracts/bff';
import { makeKit, previewBody, type Kit } from './testing/kit';

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

/** Reads an SSE response body into events until `stop` says so. */
async function readEvents(res: Response, stop: (events: LiveEvent[]) => boolean, timeoutMs = 15_000) {
  const reader = (res.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>).getReader();
  const events: LiveEvent[] = [];
  let buffer = '';
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    while (!stop(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) events.push(LiveEvent.parse(JSON.parse(data.slice(6))));
      }
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel();
  }
  return events;
}

const upstreamRequests = async (k: Kit, id: string) => {
  const log = (await (await k.control('/gen3d/requests', undefined, 'GET')).json()) as { requests: Array<{ method: string; path: string }> };
  return log.requests.filter((r) => r.path.includes(id));
};

describe('the task watcher', () => {
  it('pushes progress to every open tab while one upstream watcher follows the task', async () => {
    kit = await makeKit({ sandboxSpeed: 10 });
    const k = kit;
    const tabA = await k.req('/api/events');
    const tabB = await k.req('/api/events');
    expect(tabA.headers.get('content-type')).toMatch(/text\/event-stream/);
    const id = (await k.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('an oak tree') })).body.result;
    const finished = (events: LiveEvent[]) => events.some((e) => e.type === 'task' && e.task.id === id && e.task.task.status === 'SUCCEEDED');
    const [a, b] = await Promise.all([readEvents(tabA, finished), readEvents(tabB, finished)]);
    for (const events of [a, b]) {
      const progress = events.flatMap((e) => (e.type === 'task' && e.task.id === id ? [e.task.task.progress] : []));
      expect(progress.length).toBeGreaterThan(3);
      expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
      expect(progress.at(-1)).toBe(100);
      expect(events.some((e) => e.type === 'balance')).toBe(true);
    }
    expect(a.filter((e) => e.type === 'task').map((e) => (e.type === 'task' ? e.task.task.progress : 0))).toEqual(
      b.filter((e) => e.type === 'task').map((e) => (e.type === 'task' ? e.task.task.progress : 0)),
    );
    // One stream to the service for this task, however many tabs watched.
    const streams = (await upstreamRequests(k, id)).filter((r) => r.path.endsWith('/stream'));
    expect(streams).toHaveLength(1);
  });

  it('resumes watching after a restart of the server', async () => {
    kit = await makeKit({ sandboxSpeed: 4 });
    const id = (await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a golden ring') })).body.result;
    await kit.waitFor(id, (t) => t.task.status === 'IN_PROGRESS');
    await kit.restart();
    expect(kit.app.watch.isWatching(id)).toBe(true);
    const done = await kit.waitFor(id, (t) => t.task.status === 'SUCCEEDED' && t.archived, 30_000);
    expect(done.task.model_urls.glb).toBeDefined();
  });

  it('polls on the schedule when the service has no stream', async () => {
    kit = await makeKit({ sandboxSpeed: 20 });
    await kit.control('/gen3d/faults', { kind: 'http', status: 404, path: '/stream$', count: 50, body: { message: 'Not found' } });
    const id = (await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a blue vase') })).body.result;
    await kit.waitFor(id, (t) => t.task.status === 'SUCCEEDED' && t.archived, 30_000);
    const reqs = await upstreamRequests(kit, id);
    expect(reqs.filter((r) => r.path.endsWith('/stream'))).toHaveLength(1);
    // 5 s, 7.5 s, 11.25 s … at speed 20: a handful of polls for a one-second task, not a busy loop.
    const polls = reqs.filter((r) => r.method === 'GET' && r.path.endsWith(id));
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.length).toBeLessThan(8);
  });

  it('keeps serving a finished task’s files from its archive after the service deleted them', async () => {
    kit = await makeKit();
    const id = (await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a purple crystal') })).body.result;
    const done = await kit.waitFor(id, (t) => t.task.status === 'SUCCEEDED' && t.archived);
    await kit.control('/clock', { advanceMs: 4 * 86_400_000 });
    const direct = await kit.req(`/api/gen3d/openapi/v2/text-to-3d/${id}`);
    const upstreamGlb = ((await direct.json()) as { model_urls: { glb: string } }).model_urls.glb;
    expect(upstreamGlb).toBe(done.task.model_urls.glb); // same-origin URL, not the service's
    const file = await kit.req(done.task.model_urls.glb as string);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await file.arrayBuffer()).slice(0, 4))).toBe('glTF');
  });

  it('passes the task stream through with same-origin file URLs', async () => {
    kit = await makeKit();
    const id = (await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a red car') })).body.result;
    const res = await kit.req(`/api/gen3d/openapi/v2/text-to-3d/${id}/stream`);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await res.text();
    expect(text).toContain('"status":"SUCCEEDED"');
    expect(text).toContain(`/api/files/gen3d/${id}/model_urls.glb`);
    expect(text).not.toContain('sandbox.invalid');
  });
});
