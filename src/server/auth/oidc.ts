import { genericOAuth } from 'better-auth/plugins';
import { z } from 'zod';
import { guardedFetch, policies, type Policy } from '../../node-lib/guarded-fetch';
import { isLoopback } from '../../node-lib/hosts';

/**
 * Optional OpenID Connect sign-in (README, Team mode): people sign in at the team's identity
 * provider instead of with a password, into the operator account that has their email (an admin
 * creates it first, with its role: the provider never creates accounts here). better-auth's generic
 * OAuth plugin runs the flow (state, PKCE, session); every request to the provider leaves through
 * the guarded fetcher as class (a), to the hosts its discovery document names, over https
 * (plain http only to loopback, for a provider on this machine; a private address with
 * ALLOW_PRIVATE_DESTINATIONS). Only an email the provider says it verified opens an account.
 */

export type OidcSettings = {
  /** OIDC_ISSUER: the provider's issuer URL (its discovery document is under it). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_NAME: how the sign-in page names it ("Sign in with …"). */
  name: string;
  /** PUBLIC_URL: the console's origin as browsers reach it; the callback is registered under it at the provider. */
  publicUrl: string;
};

/** What the console reads of the discovery document (OpenID Connect Discovery 1.0, section 3). */
const Discovery = z.object({
  issuer: z.string().max(2000),
  authorization_endpoint: z.url().max(2000),
  token_endpoint: z.url().max(2000),
  userinfo_endpoint: z.url().max(2000),
});

/** What the console reads of the token and userinfo answers. */
const TokenAnswer = z.object({ access_token: z.string().min(1).max(20_000), token_type: z.string().max(50).optional(), expires_in: z.number().optional(), id_token: z.string().max(20_000).optional(), scope: z.string().max(2000).optional() });
const UserInfo = z.object({ sub: z.string().min(1).max(255), email: z.email().max(320).optional(), email_verified: z.boolean().optional(), name: z.string().max(200).optional() });

export type Oidc = { name: string; plugin: ReturnType<typeof genericOAuth> };

/** The provider id better-auth knows it by, and the callback path it answers. */
export const OIDC_PROVIDER = 'oidc';
export const OIDC_CALLBACK = `/api/auth/callback/${OIDC_PROVIDER}`;

const policyFor = (urls: string[], allowPrivate: boolean): Policy =>
  policies.service({ hosts: [...new Set(urls.map((u) => new URL(u).host))], live: true, allowLoopback: urls.every((u) => isLoopback(new URL(u).hostname)), allowPrivate });

/** Reads the provider's discovery document; null (with the reason logged) when it cannot be used, and sign-in stays password-only. */
export async function discoverOidc(settings: OidcSettings, opts: { allowPrivate?: boolean } = {}): Promise<Oidc | null> {
  const allowPrivate = opts.allowPrivate ?? false;
  const issuer = settings.issuer.replace(/\/+$/, '');
  const at = `${issuer}/.well-known/openid-configuration`;
  let doc: z.infer<typeof Discovery>;
  try {
    const res = await guardedFetch(at, { policy: policyFor([at], allowPrivate), kind: 'read' });
    if (!res.ok) throw new Error(`it answered ${res.status}`);
    const read = Discovery.safeParse(await res.json());
    if (!read.success) throw new Error('its discovery document lacks an endpoint the console needs');
    if (read.data.issuer.replace(/\/+$/, '') !== issuer) throw new Error(`its document names another issuer (${read.data.issuer.slice(0, 200)})`);
    doc = read.data;
  } catch (err) {
    console.error('OpenID sign-in is off: the provider at OIDC_ISSUER could not be used (%s). Password sign-in works; restart the console once the provider answers.', (err as Error).message);
    return null;
  }
  const policy = policyFor([at, doc.token_endpoint, doc.userinfo_endpoint], allowPrivate);
  const redirectURI = `${settings.publicUrl.replace(/\/+$/, '')}${OIDC_CALLBACK}`;
  const plugin = genericOAuth({
    config: [
      {
        providerId: OIDC_PROVIDER,
        name: settings.name,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        authorizationUrl: doc.authorization_endpoint,
        tokenUrl: doc.token_endpoint,
        userInfoUrl: doc.userinfo_endpoint,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        redirectURI,
        // Only people an admin made an account for come in; their role is that account's.
        disableSignUp: true,
        async getToken({ code, codeVerifier }) {
          const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectURI });
          if (codeVerifier) form.set('code_verifier', codeVerifier);
          const basic = Buffer.from(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`).toString('base64');
          const res = await guardedFetch(
            { url: doc.token_endpoint, method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` }, body: form.toString() },
            { policy, kind: 'write' },
          );
          const read = TokenAnswer.safeParse(await res.json().catch(() => null));
          if (!res.ok || !read.success) throw new Error(`the provider's token endpoint answered ${res.status} without a usable token`);
          const t = read.data;
          return { accessToken: t.access_token, tokenType: t.token_type, idToken: t.id_token, scopes: t.scope?.split(' '), accessTokenExpiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : undefined };
        },
        // The userinfo answer, fetched with the access token the token endpoint gave over TLS, is what the console believes.
        async getUserInfo(tokens) {
          const res = await guardedFetch({ url: doc.userinfo_endpoint, method: 'GET', headers: { accept: 'application/json', authorization: `Bearer ${tokens.accessToken ?? ''}` } }, { policy, kind: 'read' });
          const read = UserInfo.safeParse(await res.json().catch(() => null));
          // Only an address the provider vouches for opens the account that has it.
          if (!res.ok || !read.success || !read.data.email || read.data.email_verified !== true) return null;
          return { id: read.data.sub, sub: read.data.sub, email: read.data.email.toLowerCase(), emailVerified: read.data.email_verified ?? false, name: read.data.name ?? read.data.email };
        },
      },
    ],
  });
  return { name: settings.name, plugin };
}
