import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../env';
import { discoverOidc } from './oidc';

/* OpenID Connect sign-in's settings and discovery (README, Team mode); the flow itself runs in Chromium (e2e/oidc.spec.ts). */

const settings = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'console', OIDC_CLIENT_SECRET: 'a secret', PUBLIC_URL: 'https://console.example.com', REQUIRE_SIGN_IN: '1' };

afterEach(() => vi.restoreAllMocks());

describe('OpenID sign-in settings', () => {
  it('needs its client, the console’s public URL and sign-in on; the issuer is https (plain http only on this machine)', () => {
    expect(readEnv(settings).oidc).toEqual({ issuer: 'https://id.example.com', clientId: 'console', clientSecret: 'a secret', name: 'single sign-on', publicUrl: 'https://console.example.com' });
    expect(() => readEnv({ ...settings, OIDC_CLIENT_SECRET: '', PUBLIC_URL: '' })).toThrow('OIDC_ISSUER: OpenID sign-in also needs OIDC_CLIENT_SECRET, PUBLIC_URL');
    expect(() => readEnv({ ...settings, REQUIRE_SIGN_IN: '0' })).toThrow(/OpenID sign-in works where sign-in is on/);
    expect(() => readEnv({ ...settings, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/OIDC_ISSUER must be the provider’s https issuer URL/);
    expect(readEnv({ ...settings, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
    expect(() => readEnv({ ...settings, PUBLIC_URL: 'https://console.example.com/app' })).toThrow(/PUBLIC_URL must be the console’s origin/);
    expect(readEnv({}).oidc).toBeNull();
  });

  it('a provider whose discovery names another issuer, or that does not answer, leaves sign-in to passwords, and says so', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const idp = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ issuer: 'https://elsewhere.example', authorization_endpoint: 'https://elsewhere.example/auth', token_endpoint: 'https://elsewhere.example/token', userinfo_endpoint: 'https://elsewhere.example/me' }));
    });
    await new Promise<void>((ok) => idp.listen(0, '127.0.0.1', ok));
    const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    try {
      expect(await discoverOidc({ issuer, clientId: 'c', clientSecret: 's', name: 'IdP', publicUrl: 'http://127.0.0.1:1' })).toBeNull();
      expect(String(logged.mock.calls[0]?.[1])).toBe('its document names another issuer (https://elsewhere.example)');
    } finally {
      await new Promise((ok) => idp.close(ok));
    }
    expect(await discoverOidc({ issuer, clientId: 'c', clientSecret: 's', name: 'IdP', publicUrl: 'http://127.0.0.1:1' })).toBeNull();
    expect(logged.mock.calls[1]?.[0]).toContain('OpenID sign-in is off');
  });
});
