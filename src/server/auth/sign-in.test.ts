import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../env';
import { browser as makeBrowser } from '../testing/browser';
import { CHUNK, chunkedBody } from '../testing/chunked-body';
import { makeKit, type Kit } from '../testing/kit';
import { MAX_FORM_BODY } from './sign-in';

const EMAIL = 'operator@example.com';
const PASSWORD = 'a long and fine password';

let kit: Kit;
let dist: string;
const kitWith = async (trustProxy = false) => {
  kit = await makeKit({ distDir: dist, signIn: { sessionHours: 12, trustProxy } });
  await kit.app.operators?.create(EMAIL, PASSWORD);
};
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'triptych-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Triptych console</title><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'assets', 'index-abc.css'), 'body{color:black}');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
});
afterEach(async () => {
  vi.useRealTimers();
  await kit?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A browser on the current kit. */
function browser(extra: Record<string, string> = {}, origin?: string) {
  const b = makeBrowser(() => kit, extra, origin);
  return { ...b, signIn: (password = PASSWORD, next = '/3d') => b.form('/sign-in', { email: EMAIL, password, next }) };
}

describe('sign-in is required off loopback, or when REQUIRE_SIGN_IN=1', () => {
  it('is on for a non-loopback HOST, off on loopback unless forced', () => {
    expect(readEnv({ HOST: '0.0.0.0' }).signIn).toBe(true);
    expect(readEnv({ HOST: '192.168.1.20' }).signIn).toBe(true);
    expect(readEnv({ HOST: '::' }).signIn).toBe(true);
    expect(readEnv({ HOST: '127.0.0.1' }).signIn).toBe(false);
    expect(readEnv({ HOST: '::1' }).signIn).toBe(false);
    expect(readEnv({ HOST: 'localhost', REQUIRE_SIGN_IN: '1' }).signIn).toBe(true);
    // Turning it off does not open a non-loopback console.
    expect(readEnv({ HOST: '0.0.0.0', REQUIRE_SIGN_IN: '0' }).signIn).toBe(true);
  });

  it('without a session: the API and the sandbox answer 401, pages send to the sign-in page; health and webhooks are public', async () => {
    await kitWith();
    const b = browser();
    const api = await b.send('/api/connections');
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: { message: string } }).error.message).toBe('You are not signed in, or your session has ended. Reload the page to sign in again.');
    expect((await b.send('/api/ledger/tasks?service=gen3d')).status).toBe(401);
    expect((await b.send('/api/events')).status).toBe(401);
    expect((await b.send('/sandbox/gen3d/openapi/v1/balance', { headers: { authorization: 'Bearer msy_sandbox_console' } })).status).toBe(401);
    expect((await b.send('/api/connections/gen3d', { method: 'PUT', body: '{"mode":"sandbox"}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
    for (const path of ['/', '/3d', '/assets/index-abc.js', '/account']) {
      const page = await b.send(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    }
    const signInPage = await b.send('/sign-in?next=%2F3d');
    expect(signInPage.status).toBe(200);
    const html = await signInPage.text();
    expect(html).toContain('<form method="post" action="/sign-in"');
    expect(html).toMatch(/<label for="email"[^>]*>Email<\/label>/);
    expect(html).toMatch(/<label for="password"[^>]*>Password<\/label>/);
    expect(html).toContain('href="/assets/index-abc.css"');
    expect((await b.send('/assets/index-abc.css')).status).toBe(200);
    expect((await b.send('/api/health')).status).toBe(200);
    // No receiver exists yet: the prefix is open, so the answer is the API's 404, not a 401.
    const hook = await b.send('/api/hooks/social/monitor', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(hook.status).toBe(404);
  });

  it('signs in with email and password, sets an HttpOnly SameSite=Lax session cookie, and opens everything', async () => {
    await kitWith();
    const b = browser();
    const res = await b.signIn();
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/3d');
    const cookie = b.cookies.find((c) => c.startsWith('triptych.session_token=')) as string;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=43200/);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await b.send('/api/connections')).status).toBe(200);
    expect((await b.send('/sandbox/gen3d/openapi/v1/balance', { headers: { authorization: 'Bearer msy_sandbox_console' } })).status).toBe(200);
    const page = await b.send('/3d');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<meta name="triptych-operator" content="${EMAIL} (admin)">\n<meta name="triptych-role" content="admin">`);
    const session = (await (await b.send('/api/session')).json()) as { operator: { email: string; role: string } };
    expect(session.operator).toMatchObject({ email: EMAIL, role: 'admin' });
    // Already signed in: the sign-in page sends on.
    expect((await b.send('/sign-in?next=/social')).headers.get('location')).toBe('/social');
  });

  it('a wrong password is refused with a sentence; repeated failures make the address wait', async () => {
    await kitWith();
    const b = browser();
    const wrong = await b.signIn('not the password at all');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toMatch(/role="alert"[^>]*>The email or password is not right\.</);
    expect(b.jar.size).toBe(0);
    expect((await b.send('/api/connections')).status).toBe(401);
    for (let i = 0; i < 9; i++) await b.signIn(`wrong password ${i}`);
    const throttled = await b.signIn();
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toMatch(/Too many failed sign-ins from this address\. Wait 15 minutes/);
    expect(b.jar.size).toBe(0);
  });

  it('never sends an operator to another site after signing in, and refuses a sign-in posted from another site', async () => {
    await kitWith();
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const b = browser();
      const res = await b.signIn(PASSWORD, next);
      expect(res.headers.get('location'), next).toBe('/');
    }
    const res = await kit.req('/sign-in', {
      method: 'POST',
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('marks the cookie Secure behind an https proxy only when TRUST_PROXY says so', async () => {
    await kitWith(true);
    const https = browser({ 'x-forwarded-proto': 'https' }, 'https://127.0.0.1');
    await https.signIn();
    const cookie = https.cookies.find((c) => c.includes('session_token=')) as string;
    expect(cookie).toMatch(/^__Secure-triptych\.session_token=/);
    expect(cookie).toMatch(/; Secure/);
    expect((await https.send('/api/connections')).status).toBe(200);
    await kit.close();

    await kitWith(false);
    const spoofed = browser({ 'x-forwarded-proto': 'https' });
    await spoofed.signIn();
    expect(spoofed.cookies.find((c) => c.includes('session_token='))).not.toMatch(/Secure/);
  });

  it('signs out: the cookie is cleared and the session ends on the server too', async () => {
    await kitWith();
    const b = browser();
    await b.signIn();
    const stolen = b.jar.get('triptych.session_token') as string;
    const out = await b.form('/sign-out', {});
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/sign-in?signed-out');
    expect(b.jar.has('triptych.session_token')).toBe(false);
    expect(await (await b.send('/sign-in?signed-out')).text()).toContain('You are signed out.');
    // A copy of the old cookie is worth nothing.
    expect((await kit.req('/api/connections', { headers: { cookie: `triptych.session_token=${stolen}` } })).status).toBe(401);
  });

  it('changes the password: the old one stops working and other sessions are signed out', async () => {
    await kitWith();
    const here = browser();
    const elsewhere = browser();
    await here.signIn();
    await elsewhere.signIn();
    const account = await here.send('/account');
    expect(await account.text()).toContain(`Signed in as <strong>${EMAIL}</strong>`);

    const wrong = await here.form('/account/password', { current: 'not my password', password: 'a brand new password', confirm: 'a brand new password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('The current password is not right.');
    const differ = await here.form('/account/password', { current: PASSWORD, password: 'a brand new password', confirm: 'a brand new passwerd' });
    expect(await differ.text()).toContain('The two new passwords differ.');
    const short = await here.form('/account/password', { current: PASSWORD, password: 'short', confirm: 'short' });
    expect(await short.text()).toContain('The new password must have at least 12 characters.');

    const changed = await here.form('/account/password', { current: PASSWORD, password: 'a brand new password', confirm: 'a brand new password' });
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe('/account?changed');
    expect((await here.send('/api/connections')).status).toBe(200);
    expect((await elsewhere.send('/api/connections')).status).toBe(401);
    expect((await browser().signIn(PASSWORD)).status).toBe(401);
    expect((await browser().signIn('a brand new password')).status).toBe(303);
  });

  it('a session ends 12 hours after sign-in, used or not', async () => {
    await kitWith();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const b = browser();
    await b.signIn();
    vi.setSystemTime(start + 11 * 3600_000);
    expect((await b.send('/api/connections')).status).toBe(200);
    vi.setSystemTime(start + 12 * 3600_000 + 60_000);
    expect((await b.send('/api/connections')).status).toBe(401);
    expect((await b.send('/3d')).headers.get('location')).toBe('/sign-in?next=%2F3d');
  });
});

describe('sign-in forms are read no further than 8 KB', () => {
  it('a chunked 300 MB sign-in or password form is refused with 413 after 8 KB and a chunk or two, and nothing is done', async () => {
    await kitWith();
    const post = async (path: string, b = browser()) => {
      const { body, pulled } = chunkedBody();
      const res = await b.send(path, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, duplex: 'half' } as RequestInit);
      return { res, text: await res.text(), pulled: pulled() };
    };
    const signInForm = await post('/sign-in');
    expect(signInForm.res.status).toBe(413);
    expect(signInForm.text).toContain('The form was not read: it is larger than 8 KB.');
    expect(signInForm.res.headers.getSetCookie()).toEqual([]);
    expect(signInForm.pulled).toBeLessThanOrEqual(MAX_FORM_BODY + 2 * CHUNK);

    const me = browser();
    expect((await me.signIn()).status).toBe(303);
    const account = await post('/account/password', me);
    expect(account.res.status).toBe(413);
    expect(account.text).toContain('The form was not read: it is larger than 8 KB. Nothing was changed.');
    expect(account.pulled).toBeLessThanOrEqual(MAX_FORM_BODY + 2 * CHUNK);
    expect((await browser().signIn()).status).toBe(303);
  });
});
