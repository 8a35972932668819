import { serve, type ServerType } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_BASE, makeKit, type Kit } from '../testing/kit';
import { until } from '../testing/until';

let kit: Kit | undefined;
let server: ServerType | undefined;
afterEach(async () => {
  server?.close();
  await kit?.close();
  kit = undefined;
  server = undefined;
});

describe('a read the browser stops waiting for', () => {
  it('is stopped at the service too, through a real listening console', async () => {
    let port = 0;
    const stopped: string[] = [];
    let slow = false;
    kit = await makeKit({
      port: () => port,
      // Once the key is saved, the live service takes its time over the balance: it waits until the console stops asking.
      liveAnswer: async (req, res) => {
        if (!slow || req.method !== 'GET' || !req.url.endsWith('/openapi/v1/balance')) return res;
        await new Promise<void>((resolve) => req.signal.addEventListener('abort', () => resolve(), { once: true }));
        stopped.push(new URL(req.url).pathname);
        return res;
      },
    });
    const k = kit;
    server = await new Promise<ServerType>((ok) => {
      const s = serve({ fetch: k.app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ok(s));
    });
    port = (server.address() as AddressInfo).port;
    expect((await k.json('/api/connections/gen3d', { method: 'PUT', headers: { host: `127.0.0.1:${port}` }, json: { mode: 'live', apiKey: 'msy_gone_key_1234', baseUrl: LIVE_BASE } })).status).toBe(200);

    slow = true;
    const before = k.liveRequests.length;
    const browser = httpRequest({ host: '127.0.0.1', port, path: '/api/gen3d/openapi/v1/balance', headers: { host: `127.0.0.1:${port}` } });
    browser.on('error', () => undefined);
    browser.end();
    // The console has sent it on and is waiting for the service when the browser goes.
    await until(
      async () => k.liveRequests.slice(before).filter((r) => r.url.endsWith('/openapi/v1/balance')).length,
      (n) => n === 1,
      5000,
    );
    expect(stopped).toEqual([]);
    browser.destroy();
    expect(await until(async () => stopped, (s) => s.length === 1, 5000)).toEqual(['/sandbox/gen3d/openapi/v1/balance']);
  });
});
