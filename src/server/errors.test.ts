import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeKit, previewBody, type Kit } from './testing/kit';

let kit: Kit;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(async () => {
  await kit.close();
});

type ErrorBody = { error: { status: number; code: string; message: string; retryAfter: number | null; field?: string | null } };
const post = (body: unknown) => kit.json<ErrorBody>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: body });
const fault = (spec: Record<string, unknown>) => kit.control('/gen3d/faults', spec);
const sandboxPosts = async () => {
  const log = (await (await kit.control('/gen3d/requests', undefined, 'GET')).json()) as { requests: Array<{ method: string; path: string }> };
  return log.requests.filter((r) => r.method === 'POST' && r.path === '/openapi/v2/text-to-3d').length;
};

describe('each documented error reaches the caller as a clear message', () => {
  it('400 from the BFF: a bad body is refused before it leaves, naming the field', async () => {
    const r = await post({ mode: 'preview', prompt: '', ai_model: 'model-4' });
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe('prompt');
    expect(r.body.error.message).toBe('Nothing was sent: prompt: Write a prompt that describes the model; ai_model: model-4 is retired; choose latest, model-6 or model-5.');
    expect(await sandboxPosts()).toBe(0);
  });

  it('400 from the service: a refine of an unknown preview', async () => {
    const r = await post({ mode: 'refine', preview_task_id: 'not-a-task' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^The 3D service rejected the request: preview_task_id does not name a text-to-3d preview task\. Correct it/);
  });

  it('401: a key the service refuses', async () => {
    await kit.req('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_good_key_1234', baseUrl: 'https://live.test/sandbox/gen3d' } });
    // The key is then revoked upstream: the imitation answers 401 for anything without the prefix.
    await kit.app.keyring.set('gen3d', 'revoked-key-0000', 'https://live.test/sandbox/gen3d');
    const r = await kit.json<ErrorBody>('/api/gen3d/openapi/v1/balance');
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe('The 3D service refused the API key (401): Invalid API key. Check the key on the Connections page.');
  });

  it('402: not enough credits', async () => {
    await kit.control('/gen3d/balance', { key: 'msy_sandbox_console', balance: 3 });
    const r = await post(previewBody());
    expect(r.status).toBe(402);
    expect(r.body.error.message).toBe(
      "Not enough credits: Insufficient credits: this task costs 20 credits and the balance is 3. Top up the account (live: in the service's dashboard; the sandbox: on the Connections page), or pick a cheaper option.",
    );
  });

  it('404: an unknown task', async () => {
    const r = await kit.json<ErrorBody>('/api/gen3d/openapi/v2/text-to-3d/no-such-task');
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe('Not found: Task not found. It may have been deleted or never existed.');
  });

  it('422: a task that cannot be processed', async () => {
    await fault({ kind: 'http', status: 422, method: 'POST', body: { message: 'Model is not humanoid' } });
    const r = await post(previewBody());
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe('The 3D service cannot process this: Model is not humanoid.');
  });

  it('429 on a write: handed back with Retry-After, not retried', async () => {
    await fault({ kind: 'http', status: 429, retryAfter: 7, method: 'POST', body: { message: 'NoMoreConcurrentTasks' } });
    const r = await post(previewBody());
    expect(r.status).toBe(429);
    expect(r.body.error.retryAfter).toBe(7);
    expect(r.body.error.message).toBe('Too many tasks are queued on this account (NoMoreConcurrentTasks). Let one finish first. Wait 7 s and try again.');
    expect(await sandboxPosts()).toBe(1);
  });

  it('5xx on a write: reported as not known to be done (no advice to send it again), and the write was sent exactly once', async () => {
    await fault({ kind: 'http', status: 503, method: 'POST', count: 5 });
    const r = await post(previewBody());
    expect(r.status).toBe(503);
    expect(r.body.error.message).toBe(
      "The 3D service had a server error (503): Internal server error. It may have reached the service, so it is not safe to send again yet: the console is checking the service's own list and records the write there if it was made (the Spend page shows when it is settled).",
    );
    expect(await sandboxPosts()).toBe(1);
    expect(await kit.ledgerTasks()).toHaveLength(0);
  });

  it('reads retry 5xx and obey Retry-After on 429', async () => {
    await fault({ kind: 'http', status: 429, retryAfter: 1, method: 'GET', path: '^/openapi/v1/balance$' });
    await fault({ kind: 'http', status: 502, method: 'GET', path: '^/openapi/v1/balance$' });
    const started = Date.now();
    const r = await kit.json<{ balance: number }>('/api/gen3d/openapi/v1/balance');
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const log = (await (await kit.control('/gen3d/requests', undefined, 'GET')).json()) as { requests: Array<{ path: string; status: number }> };
    expect(log.requests.filter((x) => x.path === '/openapi/v1/balance').map((x) => x.status)).toEqual([429, 502, 200]);
  });

  it('reads give up after three tries with the last error', async () => {
    await fault({ kind: 'http', status: 500, method: 'GET', path: '^/openapi/v1/balance$', count: 3 });
    const r = await kit.json<ErrorBody>('/api/gen3d/openapi/v1/balance');
    expect(r.status).toBe(500);
    expect(r.body.error.message).toMatch(/server error \(500\)/);
  });
});

describe('only the documents pass', () => {
  it('refuses undocumented paths and methods with 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/gen3d/openapi/v1/unknown'],
      ['POST', '/api/gen3d/openapi/v1/balance'],
      ['GET', '/api/gen3d/sandbox/__control/gen3d/requests'],
      ['GET', '/api/gen3d/__control/gen3d/requests'],
      ['GET', '/api/gen3d/openapi/creative-lab/spaceship/v1/prototype/x'],
    ] as const) {
      const r = await kit.json<ErrorBody>(path, { method });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error.message).toMatch(/not an operation of the 3D service's document/);
    }
  });

  it('refuses a known query parameter out of range before anything is sent, and passes unknown ones on', async () => {
    const big = await kit.json<ErrorBody>('/api/gen3d/openapi/v2/text-to-3d?page_size=500');
    expect(big.status).toBe(400);
    expect(big.body.error).toMatchObject({ field: 'page_size', message: 'Nothing was sent: page_size must be 1 to 100.' });
    // Up to 100 (what the MCP server sends) is clamped to the live maximum of 50, not refused.
    expect((await kit.json<unknown[]>('/api/gen3d/openapi/v2/text-to-3d?page_size=100')).status).toBe(200);
    const extra = await kit.json<{ balance: number }>('/api/gen3d/openapi/v1/balance?debug=1');
    expect(extra.status).toBe(200);
    expect(extra.body.balance).toBeGreaterThan(0);
    const ok = await kit.json<unknown[]>('/api/gen3d/openapi/v2/text-to-3d?page_num=1&page_size=5&sort_by=-created_at');
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body)).toBe(true);
  });

  it('waits out a slow service instead of failing', async () => {
    await fault({ kind: 'slow', delayMs: 400, method: 'GET', path: '^/openapi/v1/balance$' });
    const started = Date.now();
    const r = await kit.json<{ balance: number }>('/api/gen3d/openapi/v1/balance');
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('refuses a body that is not JSON', async () => {
    const r = await kit.json<ErrorBody>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', body: 'prompt=chair', headers: { 'content-type': 'text/plain' } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Nothing was sent: the body must be JSON.');
  });
});
