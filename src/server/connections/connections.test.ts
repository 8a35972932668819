import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_BASE, makeKit, type Kit } from '../testing/kit';

let kit: Kit;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(async () => {
  await kit.close();
});

type Conn = { service: string; mode: string; baseUrl: string; keyHint: string | null; keySource: string | null };
type ErrorBody = { error: { status: number; message: string; field?: string | null } };
const gen3d = async () => (await kit.json<{ connections: Conn[] }>('/api/connections')).body.connections.find((c) => c.service === 'gen3d') as Conn;
const put = (body: unknown) => kit.json<{ connection: Conn; warnings: string[] } & ErrorBody>('/api/connections/gen3d', { method: 'PUT', json: body });

describe('connections', () => {
  it('start on the sandbox with the defaults the live services have', async () => {
    const all = (await kit.json<{ connections: Conn[] }>('/api/connections')).body.connections;
    expect(all.map((c) => [c.service, c.mode, c.baseUrl])).toEqual([
      ['gen3d', 'sandbox', 'https://api.meshy.ai'],
      ['social', 'sandbox', 'https://xquik.com'],
      ['agentnet', 'sandbox', 'https://api.acnlabs.dev'],
    ]);
  });

  it('verify a key with the balance check before saving it, then show only its last four characters', async () => {
    const r = await put({ mode: 'live', apiKey: 'msy_live_key_abcd', baseUrl: LIVE_BASE });
    expect(r.status).toBe(200);
    expect(r.body.warnings).toEqual([]);
    expect(r.body.connection).toMatchObject({ mode: 'live', keyHint: 'abcd', keySource: 'file', baseUrl: LIVE_BASE });
    expect(kit.liveRequests.at(-1)?.url).toBe(`${LIVE_BASE}/openapi/v1/balance`);
    // The console now runs on the live service: its balance comes from there.
    const balance = await kit.json<{ balance: number }>('/api/gen3d/openapi/v1/balance');
    expect(balance.body.balance).toBe(1000);
  });

  it('refuse a wrong key with a clear 401, pointing out the missing prefix, and save nothing', async () => {
    const r = await put({ mode: 'live', apiKey: 'sk-not-a-meshy-key', baseUrl: LIVE_BASE });
    expect(r.status).toBe(401);
    expect(r.body.error.field).toBe('apiKey');
    expect(r.body.error.message).toBe(
      `Could not verify the key: the 3D service at ${LIVE_BASE} refused this key (HTTP 401). It does not start with "msy_", the 3D service's key prefix. Check that you copied the whole key and that it is still active. Nothing was saved.`,
    );
    expect(await gen3d()).toMatchObject({ mode: 'sandbox', keyHint: null });
    expect((await kit.json<{ balance: number }>('/api/gen3d/openapi/v1/balance')).status).toBe(200);
  });

  it('say "could not verify" for an unreachable base URL, without how the connection failed, and save nothing', async () => {
    const local = await makeKit({ liveFetch: () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })) });
    try {
      const r = await local.json<ErrorBody>('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_key_12345678', baseUrl: 'https://api.example.invalid' } });
      expect(r.status).toBe(502);
      expect(r.body.error.message).toBe(
        'Could not verify the key: no usable answer came from the 3D service at https://api.example.invalid. Check the base URL and the network, then try again. Nothing was saved.',
      );
    } finally {
      await local.close();
    }
  });

  it('never echo what the far side answered to a verification', async () => {
    await kit.control('/gen3d/faults', { kind: 'http', status: 500, method: 'GET', path: 'balance', body: { message: 'db at 10.0.0.5:5432 is down; nginx/1.25' } });
    const r = await put({ mode: 'live', apiKey: 'msy_live_key_abcd', baseUrl: LIVE_BASE });
    expect(r.status).toBe(502);
    expect(r.body.error.message).toMatch(/^Could not verify the key: no usable answer came from the 3D service at /);
    expect(r.text).not.toMatch(/10\.0\.0\.5|nginx|500/);
  });

  it('refuse live mode without any key, and bad input, with the field', async () => {
    const none = await put({ mode: 'live' });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ field: 'apiKey', message: 'Live mode needs an API key for the 3D service. Nothing was saved.' });
    const badUrl = await put({ mode: 'live', apiKey: 'msy_key_12345678', baseUrl: 'ftp://x' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.field).toBe('baseUrl');
    const extra = await put({ mode: 'sandbox', token: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toBe('Nothing was saved: token is not a field of this operation.');
  });

  it('switch back to the sandbox and keep the saved key for later', async () => {
    await put({ mode: 'live', apiKey: 'msy_live_key_wxyz', baseUrl: LIVE_BASE });
    const back = await put({ mode: 'sandbox' });
    expect(back.body.connection).toMatchObject({ mode: 'sandbox', keyHint: 'wxyz' });
    const again = await put({ mode: 'live' });
    expect(again.status).toBe(200);
  });

  it('never send a saved key to a new host: changing the host needs the key again', async () => {
    await put({ mode: 'live', apiKey: 'msy_live_key_abcd', baseUrl: LIVE_BASE });
    kit.liveRequests.length = 0;
    const elsewhere = 'https://collector.example/sandbox/gen3d';
    const moved = await put({ mode: 'live', baseUrl: elsewhere });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({ field: 'apiKey' });
    expect(moved.body.error.message).toBe(
      'The saved key was verified for https://live.test and is sent nowhere else: changing the base URL\'s host needs the key again. Enter the 3D key for https://collector.example. Nothing was saved.',
    );
    // Moving through the sandbox does not carry it over either.
    expect((await put({ mode: 'sandbox', baseUrl: elsewhere })).status).toBe(200);
    expect((await put({ mode: 'live' })).status).toBe(400);
    expect(kit.liveRequests.filter((r) => r.url.startsWith('https://collector.example'))).toEqual([]);
    // Nor do requests made while the base URL points elsewhere.
    await kit.req('/api/gen3d/openapi/v1/balance');
    expect(kit.liveRequests.some((r) => r.headers.get('authorization')?.includes('msy_live_key_abcd') && !r.url.startsWith(LIVE_BASE))).toBe(false);
    // Back at the host it was verified for, the saved key works without typing it.
    expect((await put({ mode: 'live', baseUrl: LIVE_BASE })).status).toBe(200);
  });

  it('take live base URLs over https only; plain http only to loopback with ALLOW_LOOPBACK_LIVE=1; no literal tricks', async () => {
    for (const baseUrl of ['http://live.test/sandbox/gen3d', 'http://0x7f000001/sandbox/gen3d', 'http://2130706433:8787/sandbox/gen3d']) {
      const r = await put({ mode: 'live', apiKey: 'msy_live_key_abcd', baseUrl });
      expect([baseUrl, r.status, r.body.error.field]).toEqual([baseUrl, 400, 'baseUrl']);
      expect(r.body.error.message).toMatch(/^A live base URL must start with https:\/\//);
    }
    kit.liveRequests.length = 0;
    for (const baseUrl of ['https://0x7f000001/sandbox/gen3d', 'https://[::ffff:127.0.0.1]/x', 'https://169.254.169.254/latest', 'https://10.1.2.3/x']) {
      const r = await put({ mode: 'live', apiKey: 'msy_live_key_abcd', baseUrl });
      expect([baseUrl, r.status, r.body.error.field]).toEqual([baseUrl, 400, 'baseUrl']);
      expect(r.body.error.message).toMatch(/^Could not verify the key: the console does not send requests to /);
    }
    expect(kit.liveRequests).toEqual([]);
    const loopback = await makeKit({ outbound: { allowLoopbackLive: true } });
    try {
      const ok = await loopback.json<{ connection: Conn }>('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_live_key_abcd', baseUrl: 'http://0x7f000001:8787/sandbox/gen3d' } });
      expect(ok.status).toBe(200);
      expect(ok.body.connection.baseUrl).toBe('http://127.0.0.1:8787/sandbox/gen3d');
      expect((await loopback.json('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_live_key_abcd', baseUrl: 'http://live.test/sandbox/gen3d' } })).status).toBe(400);
    } finally {
      await loopback.close();
    }
  });

  it('remove a saved key; live mode falls back to the sandbox', async () => {
    await put({ mode: 'live', apiKey: 'msy_live_key_abcd', baseUrl: LIVE_BASE });
    const removed = await kit.json<{ connection: Conn; warnings: string[] }>('/api/connections/gen3d/key', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.connection).toMatchObject({ mode: 'sandbox', keyHint: null, keySource: null });
    expect(removed.body.warnings).toEqual(['The 3D service now runs on the embedded sandbox: live mode needs a key.']);
    const kept = new Database(join(kit.dir, 'triptych.db'), { readonly: true });
    try {
      expect(JSON.stringify(kept.prepare('select * from keyring').all())).not.toContain('msy_live_key_abcd');
    } finally {
      kept.close();
    }
    const again = await kit.json<ErrorBody>('/api/connections/gen3d/key', { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('No key is saved for the 3D service.');
  });

  it('say so when a key is typed in sandbox mode, and not save it', async () => {
    const r = await put({ mode: 'sandbox', apiKey: 'msy_typed_in_key_1234' });
    expect(r.status).toBe(200);
    expect(r.body.warnings).toEqual(['The key you typed was not saved: the 3D service is set to the embedded sandbox, which needs none. Choose the live service to verify and save it.']);
    expect(r.body.connection.keyHint).toBeNull();
  });

  it('use a key from the environment and prefer live mode with it', async () => {
    const env = await makeKit({ envKeys: { GEN3D_API_KEY: 'msy_from_env_5678' } });
    try {
      const c = (await env.json<{ connections: Conn[] }>('/api/connections')).body.connections[0];
      expect(c).toMatchObject({ mode: 'live', keyHint: '5678', keySource: 'env' });
    } finally {
      await env.close();
    }
  });
});
