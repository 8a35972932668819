import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_BASE, makeKit, previewBody, type Kit } from './testing/kit';

const SECRET = 'msy_SECRETkey_9f8e7d6c5b4a';
let kit: Kit;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(async () => {
  await kit.close();
});

const goLive = () => kit.json('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: SECRET, baseUrl: LIVE_BASE } });

describe('keys stay in the BFF', () => {
  it('no response body or header holds the key, whatever the caller does', async () => {
    expect((await goLive()).status).toBe(200);
    const bodies: string[] = [];
    const keep = async (res: Response) => {
      bodies.push(await res.text(), JSON.stringify([...res.headers]));
      return res;
    };
    await keep(await kit.req('/api/connections'));
    const created = await kit.req('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a black sword') });
    const id = ((await created.clone().json()) as { result: string }).result;
    await keep(created);
    const done = await kit.waitFor(id, (t) => t.task.status === 'SUCCEEDED' && t.archived);
    await keep(await kit.req('/api/ledger/tasks?service=gen3d'));
    await keep(await kit.req(`/api/ledger/gen3d/tasks/${id}`));
    await keep(await kit.req(`/api/gen3d/openapi/v2/text-to-3d/${id}`));
    await keep(await kit.req('/api/gen3d/openapi/v2/text-to-3d?page_size=5'));
    await keep(await kit.req('/api/gen3d/openapi/v1/balance'));
    await keep(await kit.req('/api/ledger/gen3d/balance-history'));
    await keep(await kit.req(`${done.task.model_urls.glb}?download=1`));
    await keep(await kit.req('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: { mode: 'preview' } }));
    await keep(await kit.req('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'short' } }));
    await keep(await kit.req('/api/nope'));
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain(SECRET.slice(4, 20));
    }
    const connections = JSON.parse(bodies[0] as string) as { connections: Array<{ service: string; keyHint: string | null }> };
    expect(connections.connections.find((c) => c.service === 'gen3d')?.keyHint).toBe(SECRET.slice(-4));
  });

  it('keeps keys in the database, a file only its owner can read (sealed under KEYS_SECRET when set: connections/keyring.test.ts)', async () => {
    await goLive();
    expect(statSync(join(kit.dir, 'triptych.db')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(kit.dir, 'keys.json'))).toBe(false);
    expect(kit.app.keyring.get('gen3d')).toMatchObject({ source: 'file' });
  });

  it('never forwards the caller’s Authorization or cookies; it sends its own key', async () => {
    await goLive();
    kit.liveRequests.length = 0;
    await kit.req('/api/gen3d/openapi/v1/balance', { headers: { authorization: 'Bearer msy_callers_own_key', cookie: 'session=abc' } });
    expect(kit.liveRequests).toHaveLength(1);
    const sent = kit.liveRequests[0] as Request;
    expect(sent.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
    expect(sent.headers.get('cookie')).toBeNull();
  });

  it('refuses writes from another origin', async () => {
    const cross = await kit.json<{ error: { message: string } }>('/api/gen3d/openapi/v2/text-to-3d', {
      method: 'POST',
      json: previewBody(),
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    expect(cross.body.error.message).toMatch(/must come from the console itself/);
    const put = await kit.req('/api/connections/gen3d', { method: 'PUT', json: { mode: 'sandbox' }, headers: { origin: 'http://localhost:9999' } });
    expect(put.status).toBe(403);
    const same = await kit.req('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody(), headers: { origin: 'http://127.0.0.1' } });
    expect(same.status).toBe(202);
    // Reads from anywhere are harmless and allowed.
    expect((await kit.req('/api/connections', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});
