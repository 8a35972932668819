import { serve, type ServerType } from '@hono/node-server';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from './app';
import { makeKit, previewBody, type Kit } from './testing/kit';

type ErrorBody = { error: { status: number; code: string; message: string; retryAfter: number | null } };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function kitWith(opts: Parameters<typeof makeKit>[0] = {}): Promise<Kit> {
  const kit = await makeKit(opts);
  cleanups.push(() => kit.close());
  return kit;
}

/** A built SPA stand-in, so page paths are served. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Triptych console</title><div id="root"></div>');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('Host allowlist (DNS rebinding)', () => {
  it('refuses a foreign Host on the API, the sandbox and the pages, with a sentence', async () => {
    const kit = await kitWith({ distDir: fakeDist(), port: 8787 });
    const headers = { host: 'attacker.example:8787' };
    const api = await kit.json<ErrorBody>('/api/connections', { headers });
    expect(api.status).toBe(421);
    expect(api.body.error.code).toBe('unknown_host');
    expect(api.body.error.message).toMatch(/does not answer the host name "attacker\.example:8787".*127\.0\.0\.1:8787.*ALLOWED_HOSTS/);
    const sandbox = await kit.req('/sandbox/gen3d/openapi/v1/balance', { headers: { ...headers, authorization: 'Bearer msy_sandbox_console' } });
    expect(sandbox.status).toBe(421);
    const page = await kit.req('/3d', { headers });
    expect(page.status).toBe(421);
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await page.text()).toMatch(/^This console does not answer the host name "attacker\.example:8787"\./);
    // A rebound write is refused too, though Origin and Host agree.
    const write = await kit.req('/api/connections/gen3d', { method: 'PUT', json: { mode: 'sandbox' }, headers: { ...headers, origin: 'http://attacker.example:8787' } });
    expect(write.status).toBe(421);
  });

  it('answers the loopback names with the console’s port, and the names of ALLOWED_HOSTS', async () => {
    const kit = await kitWith({ distDir: fakeDist(), port: 8787, allowedHosts: ['console.example.com', 'lab.example:9443'] });
    for (const host of ['127.0.0.1:8787', 'localhost:8787', '[::1]:8787', 'LOCALHOST:8787', 'console.example.com', 'console.example.com:443', 'lab.example:9443']) {
      expect((await kit.req('/api/connections', { headers: { host } })).status, host).toBe(200);
      expect((await kit.req('/3d', { headers: { host } })).status, host).toBe(200);
    }
    for (const host of ['127.0.0.1:9999', 'localhost', 'lab.example', 'lab.example:9444', 'console.example.com.attacker.example', '::::', '', 'a b']) {
      expect((await kit.req('/api/connections', { headers: { host } })).status, host).toBe(421);
    }
  });

  it('a real listening console refuses a rebound request and answers its own address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'triptych-test-'));
    let port = 0;
    const app: App = await createApp({ dataDir: dir, sandboxSpeed: 40, sandboxControl: false, port: () => port });
    const server: ServerType = await new Promise((ok) => {
      const s = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ok(s));
    });
    port = (server.address() as AddressInfo).port;
    cleanups.push(async () => {
      server.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const get = (host: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((ok, fail) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/api/connections', headers: { host, ...headers } }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', fail);
        req.end();
      });
    expect((await get(`attacker.example:${port}`, { origin: `http://attacker.example:${port}` })).status).toBe(421);
    expect((await get(`127.0.0.1:${port}`)).status).toBe(200);
    expect((await get(`localhost:${port}`)).status).toBe(200);
  });
});

describe('cross-origin writes', () => {
  it('a malformed Origin is a 403, never a 500', async () => {
    const kit = await kitWith();
    for (const origin of ['::::', 'null', 'http://', 'javascript:alert(1)', 'http://[::1', '%%%']) {
      const r = await kit.json<ErrorBody>('/api/connections/gen3d', { method: 'PUT', json: { mode: 'sandbox' }, headers: { origin } });
      expect(r.status, origin).toBe(403);
      expect(r.body.error).toEqual({ status: 403, code: 'cross_origin', message: 'Requests that change something must come from the console itself.', retryAfter: null });
    }
  });

  it('compares the scheme too: a page over https is not the console served over http, unless a trusted proxy says the console is https', async () => {
    const put = (kit: Kit, headers: Record<string, string>) =>
      kit.json<ErrorBody>('/api/connections/gen3d', { method: 'PUT', json: { mode: 'sandbox' }, headers: { host: '127.0.0.1:8787', ...headers } });
    const plain = await kitWith({ port: 8787 });
    const https = await put(plain, { origin: 'https://127.0.0.1:8787' });
    expect(https.status).toBe(403);
    expect(https.body.error.message).toBe(
      'Requests that change something must come from the console itself: this one came from a page over https, and the console is reached over http. Behind an https reverse proxy, set TRUST_PROXY=1 so the console reads X-Forwarded-Proto.',
    );
    // X-Forwarded-Proto is not believed without TRUST_PROXY.
    expect((await put(plain, { origin: 'https://127.0.0.1:8787', 'x-forwarded-proto': 'https' })).status).toBe(403);
    expect((await put(plain, { origin: 'http://127.0.0.1:8787' })).status).toBe(200);

    const proxied = await kitWith({ port: 8787, trustProxy: true, allowedHosts: ['console.example.com'] });
    expect((await put(proxied, { origin: 'https://127.0.0.1:8787', 'x-forwarded-proto': 'https' })).status).toBe(200);
    const downgraded = await put(proxied, { origin: 'http://127.0.0.1:8787', 'x-forwarded-proto': 'https' });
    expect(downgraded.status).toBe(403);
    expect(downgraded.body.error.message).toBe('Requests that change something must come from the console itself: this one came from a page over http, and the console is reached over https.');
    // Behind the proxy on its default port: the Host has no port, the Origin neither.
    expect((await put(proxied, { host: 'console.example.com', origin: 'https://console.example.com', 'x-forwarded-proto': 'https' })).status).toBe(200);
    expect((await put(proxied, { host: 'console.example.com', origin: 'http://console.example.com', 'x-forwarded-proto': 'https' })).status).toBe(403);
  });

  it('guards the sandbox as it guards the API; programs without Origin pass', async () => {
    const kit = await kitWith();
    const auth = { authorization: 'Bearer msy_sandbox_console' };
    const cross = await kit.req('/sandbox/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody(), headers: { ...auth, origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    const site = await kit.req('/sandbox/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody(), headers: { ...auth, 'sec-fetch-site': 'cross-site' } });
    expect(site.status).toBe(403);
    const sameSite = await kit.req('/api/connections/gen3d', { method: 'PUT', json: { mode: 'sandbox' }, headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' } });
    expect(sameSite.status).toBe(403);
    const program = await kit.req('/sandbox/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody(), headers: auth });
    expect(program.status).toBe(202);
    const own = await kit.req('/api/connections/gen3d', { method: 'PUT', json: { mode: 'sandbox' }, headers: { origin: 'http://127.0.0.1', 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(200);
  });

  it('keeps the security headers, with a CSP that allows nothing from elsewhere', async () => {
    const kit = await kitWith({ distDir: fakeDist() });
    const page = await kit.req('/3d');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    // Refusals carry them too.
    expect((await kit.req('/3d', { headers: { host: 'evil.example' } })).headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('malformed input never becomes a 500', () => {
  it('a malformed percent-encoding in the path is a 400 on the API and the sandbox', async () => {
    const kit = await kitWith({ distDir: fakeDist() });
    const auth = { authorization: 'Bearer msy_sandbox_console', 'x-api-key': 'xq_sandbox_console' };
    for (const path of ['/api/gen3d/openapi/v2/text-to-3d/%E0%A4%A', '/api/ledger/gen3d/tasks/%ZZ', '/sandbox/gen3d/openapi/v2/text-to-3d/%E0%A4%A', '/sandbox/social/api/v1/x/users/%C3']) {
      const r = await kit.json<ErrorBody>(path, { headers: auth });
      expect(r.status, path).toBe(400);
      expect(r.body.error.message).toMatch(/malformed percent-encoding/);
    }
    const page = await kit.req('/3d/%ZZ');
    expect(page.status).toBe(400);
    expect(await page.text()).toMatch(/^The address has a malformed percent-encoding/);
    // Well-formed encodings still reach their routes.
    expect((await kit.req('/api/ledger/gen3d/tasks/%C3%A9t%C3%A9')).status).toBe(404);
  });

  it('a request path reaches the log as text, never as a format string', async () => {
    const kit = await kitWith();
    kit.app.app.get('/boom/*', () => {
      throw new Error('kaput');
    });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    cleanups.push(() => spy.mockRestore());
    // A raw `%s` is not a percent-encoding: refused before any handler (or log line) sees it.
    const raw = await kit.req('/boom/%s%s%s');
    expect(raw.status).toBe(400);
    expect(spy).not.toHaveBeenCalled();
    // A failing request is logged with its path as it came, the error after it.
    const r = await kit.json<ErrorBody>('/boom/a%25s%25d');
    expect(r.status).toBe(500);
    expect(r.text).not.toContain('kaput');
    const logged = spy.mock.calls.map((args) => format(...(args as [unknown, ...unknown[]])));
    expect(logged).toEqual(['GET /boom/a%25s%25d failed: kaput']);
  });
});
