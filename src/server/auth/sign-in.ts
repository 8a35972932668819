import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { readCappedForm } from '../../node-lib/capped-body';
import { refuse } from '../gates';
import { cameOverHttps, clientIp } from '../http/client';
import { accountPage, signInPage, stylesheets } from './pages';
import { CLIENT_IP_HEADER, MAX_PASSWORD, MIN_PASSWORD, toOperator, type Operator, type Operators } from './operators';
import { Throttle, tryKeys } from './throttle';
import { OIDC_CALLBACK, OIDC_PROVIDER } from './oidc';

declare module 'hono' {
  interface ContextVariableMap {
    /** The signed-in operator, when sign-in is on. */
    operator: Operator;
  }
}

export type SignInOptions = {
  operators: Operators;
  /** Believe X-Forwarded-Proto and X-Forwarded-For (TRUST_PROXY=1: a reverse proxy in front sets them). */
  trustProxy: boolean;
  distDir?: string;
  now?: () => number;
  /** OpenID Connect sign-in (oidc.ts): the provider's name and the console's PUBLIC_URL; absent, password only. */
  sso?: { name: string; publicUrl: string } | null;
};

/** Paths answered without a session: probes, webhook receivers (each delivery is signed), the sign-in pages (OpenID's way out and back in too) and what they show. */
const publicPath = (path: string, css: string[]) =>
  path === '/api/health' ||
  path === '/api/hooks' ||
  path.startsWith('/api/hooks/') ||
  path === '/sign-in' ||
  path === '/sign-in/oidc' ||
  path === OIDC_CALLBACK ||
  path === '/sign-out' ||
  path === '/favicon.svg' ||
  css.includes(path);

/** What an OpenID sign-in that did not let the person in says (better-auth's error codes, on the way back). */
function ssoFailure(code: string, name: string): string {
  if (code === 'signup_disabled') return `${name} knows you, but no operator account here has your email. Ask an admin to create one (it sets your role), then sign in again.`;
  return `Signing in with ${name} did not work (${code.slice(0, 60)}). Try again, or sign in with your password.`;
}

/** Only what better-auth needs from the browser's request; the origin checks were done before. */
function authHeaders(c: Context, trustProxy: boolean): Headers {
  const headers = new Headers();
  const cookie = c.req.header('cookie');
  if (cookie) headers.set('cookie', cookie);
  const agent = c.req.header('user-agent');
  if (agent) headers.set('user-agent', agent.slice(0, 300));
  headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy));
  return headers;
}

const passCookies = (c: Context, res: Response) => {
  for (const cookie of res.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
};

/** Where to go after signing in: a path of this console, never another site. */
function localPath(next: unknown): string {
  if (typeof next !== 'string' || !/^\/(?![/\\])[\x21-\x7e]*$/.test(next) || next.startsWith('/sign-in') || next.startsWith('/sign-out')) return '/';
  return next;
}

/** The largest sign-in or password form read (an email, a password, a path to go on to). */
export const MAX_FORM_BODY = 8 * 1024;

const minutes = (seconds: number) => Math.ceil(seconds / 60);

/**
 * Operator sign-in: the public pages (sign-in, sign-out), the gate every other path passes
 * (`gate`), and the signed-in pages (account, password change, `GET /api/session`).
 */
export function createSignIn(opts: SignInOptions) {
  const { operators, trustProxy } = opts;
  const css = stylesheets(opts.distDir);
  const throttle = new Throttle(operators.db, opts.now ?? Date.now);
  const auth = (c: Context) => operators.auth(cameOverHttps(c, trustProxy));

  async function session(c: Context) {
    await operators.ready;
    const found = await auth(c).api.getSession({ headers: authHeaders(c, trustProxy) });
    return found ? { operator: toOperator(found.user), expiresAt: new Date(found.session.expiresAt) } : null;
  }

  const pages = new Hono();
  pages.get('/sign-in', async (c) => {
    const next = localPath(c.req.query('next'));
    if (await session(c)) return c.redirect(next, 303);
    c.header('cache-control', 'no-store');
    const failed = c.req.query('sso-failed') !== undefined && opts.sso ? ssoFailure(c.req.query('error') ?? 'unknown', opts.sso.name) : null;
    return c.html(signInPage({ css: css(), next, notice: c.req.query('signed-out') !== undefined ? 'You are signed out.' : null, error: failed, sso: opts.sso?.name ?? null }));
  });
  // OpenID Connect: out to the provider (better-auth keeps the state and PKCE verifier in a cookie) ...
  pages.get('/sign-in/oidc', async (c) => {
    if (!opts.sso) return c.redirect('/sign-in', 302);
    await operators.ready;
    const next = localPath(c.req.query('next'));
    const res = await auth(c).api.signInSocial({ body: { provider: OIDC_PROVIDER, callbackURL: next, errorCallbackURL: `/sign-in?sso-failed&next=${encodeURIComponent(next)}`, disableRedirect: true }, headers: authHeaders(c, trustProxy), asResponse: true });
    const url = res.ok ? ((await res.json()) as { url?: unknown }).url : null;
    if (typeof url !== 'string') return c.redirect('/sign-in?sso-failed&error=start', 302);
    passCookies(c, res);
    c.header('cache-control', 'no-store');
    return c.redirect(url, 302);
  });
  // ... and back: better-auth checks the state, trades the code (oidc.ts), finds the account by email and opens the session.
  pages.get(OIDC_CALLBACK, async (c) => {
    if (!opts.sso) return c.notFound();
    await operators.ready;
    const url = new URL(c.req.url);
    const res = await auth(c).handler(new Request(`${opts.sso.publicUrl.replace(/\/+$/, '')}${url.pathname}${url.search}`, { headers: authHeaders(c, trustProxy) }));
    passCookies(c, res);
    c.header('cache-control', 'no-store');
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) return c.redirect(location, 302);
    return c.redirect('/sign-in?sso-failed&error=callback', 302);
  });
  pages.post('/sign-in', async (c) => {
    const form = await readCappedForm(c.req.raw, MAX_FORM_BODY);
    if (!form) {
      c.header('cache-control', 'no-store');
      return c.html(signInPage({ css: css(), next: '/', error: `The form was not read: it is larger than ${MAX_FORM_BODY / 1024} KB. Enter your email and password again.` }), 413);
    }
    const email = form.email?.trim().slice(0, 320) ?? '';
    const password = form.password ?? '';
    const next = localPath(form.next);
    const again = (status: 400 | 401 | 429, error: string) => {
      c.header('cache-control', 'no-store');
      return c.html(signInPage({ css: css(), next, email, error }), status);
    };
    if (!email || !password) return again(400, 'Enter your email and password.');
    // Every try counts as failed until the password is found right (tries at the same time included).
    const keys = tryKeys(clientIp(c, trustProxy), email);
    await operators.ready;
    const tried = await throttle.attempt(keys);
    if (!tried.ok) {
      c.header('retry-after', String(tried.wait));
      return again(429, `Too many failed sign-ins ${tried.by === 'address' ? 'from this address' : 'for this account'}. Wait ${minutes(tried.wait)} minutes and try again.`);
    }
    if (password.length > MAX_PASSWORD) return again(401, 'The email or password is not right.');
    await operators.ready;
    const res = await auth(c).api.signInEmail({ body: { email, password, rememberMe: true }, headers: authHeaders(c, trustProxy), asResponse: true });
    if (!res.ok) return again(401, 'The email or password is not right.');
    await throttle.passed(keys, tried);
    passCookies(c, res);
    return c.redirect(next, 303);
  });
  pages.post('/sign-out', async (c) => {
    await operators.ready;
    const res = await auth(c).api.signOut({ headers: authHeaders(c, trustProxy), asResponse: true });
    passCookies(c, res);
    return c.redirect('/sign-in?signed-out', 303);
  });

  const gate: MiddlewareHandler = async (c, next) => {
    if (publicPath(c.req.path, css())) return next();
    const found = await session(c);
    if (!found) {
      const path = c.req.path;
      if (path.startsWith('/api/') || path.startsWith('/sandbox/') || path === '/api' || path === '/sandbox') {
        return c.json({ error: { status: 401, code: 'signed_out', message: 'You are not signed in, or your session has ended. Reload the page to sign in again.', retryAfter: null } }, 401);
      }
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return refuse(c, 403, 'signed_out', 'Sign in to the console first.', false);
      const url = new URL(c.req.url);
      return c.redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
    }
    c.set('operator', found.operator);
    await next();
  };

  const account = new Hono();
  account.get('/api/session', async (c) => {
    const found = await session(c);
    c.header('cache-control', 'no-store');
    return found ? c.json({ operator: found.operator, expiresAt: found.expiresAt.toISOString() }) : c.json(null, 401);
  });
  account.get('/account', async (c) => {
    const found = await session(c);
    if (!found) return c.redirect('/sign-in?next=/account', 302);
    c.header('cache-control', 'no-store');
    return c.html(accountPage({ css: css(), ...found, notice: c.req.query('changed') !== undefined ? 'The password is changed. Your other sessions are signed out.' : null }));
  });
  account.post('/account/password', async (c) => {
    const found = await session(c);
    if (!found) return c.redirect('/sign-in?next=/account', 303);
    const again = (error: string, status: 400 | 413 | 429 = 400) => {
      c.header('cache-control', 'no-store');
      return c.html(accountPage({ css: css(), ...found, error }), status);
    };
    const form = await readCappedForm(c.req.raw, MAX_FORM_BODY);
    if (!form) return again(`The form was not read: it is larger than ${MAX_FORM_BODY / 1024} KB. Nothing was changed.`, 413);
    const current = form.current ?? '';
    const password = form.password ?? '';
    const confirm = form.confirm ?? '';
    if (password.length < MIN_PASSWORD) return again(`The new password must have at least ${MIN_PASSWORD} characters.`);
    if (password.length > MAX_PASSWORD) return again(`The new password must have at most ${MAX_PASSWORD} characters.`);
    if (password !== confirm) return again('The two new passwords differ. Type the same one twice.');
    // A wrong current password counts against the account as a failed sign-in does.
    const keys = tryKeys(clientIp(c, trustProxy), found.operator.email);
    const tried = await throttle.attempt(keys);
    if (!tried.ok) {
      c.header('retry-after', String(tried.wait));
      return again(`Too many wrong passwords ${tried.by === 'address' ? 'from this address' : 'for this account'}. Wait ${minutes(tried.wait)} minutes and try again; nothing was changed.`, 429);
    }
    const res = await auth(c).api.changePassword({ body: { currentPassword: current, newPassword: password, revokeOtherSessions: true }, headers: authHeaders(c, trustProxy), asResponse: true });
    if (!res.ok) return again('The current password is not right.');
    await throttle.passed(keys, tried);
    passCookies(c, res);
    return c.redirect('/account?changed', 303);
  });

  return { pages, gate, account };
}
