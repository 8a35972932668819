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
  it('start on the sandbox with the live defaults of the field notes', async () => {
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
      `The 3D service at ${LIVE_BASE} refused this key (HTTP 401). It does not start with "msy_", the 3D service's key prefix. Check that you copied the whole key and that it is still active. Nothing was saved.`,
    );
    expect(await gen3d()).toMatchObject({ mode: 'sandbox', keyHint: null });
    expect((await kit.json<{ balance: number }>('/api/gen3d/openapi/v1/balance')).status).toBe(200);
  });

  it('explain an unreachable base URL and save nothing', async () => {
    const local = await makeKit({ liveFetch: () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })) });
    try {
      const r = await local.json<ErrorBody>('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_key_12345678', baseUrl: 'https://api.example.invalid' } });
      expect(r.status).toBe(502);
      expect(r.body.error.message).toBe(
        'Could not reach the 3D service at https://api.example.invalid (ECONNREFUSED). Check the base URL and the network, then try again. Nothing was saved.',
      );
    } finally {
      await local.close();
    }
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
